package dev.perflab.harness.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TallyTest {

  private static final List<Double> A = List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0);

  private static CellComparison cell(double factor) {
    List<Double> b = A.stream().map(value -> value * factor).toList();
    return new CellComparison("q/jvm/1cpu", LaunchedImage.none("a"), LaunchedImage.none("b"), Map.of(), Map.of(),
        List.of(Comparison.of(Metric.TIME_TO_FIRST_OK_MILLIS, A, b)), Outcome.MEASURED, null);
  }

  @Test
  void verdictsAreCountedPerCellAndMetric() {
    List<List<CellComparison>> runs = new ArrayList<>();
    for (int run = 0; run < 19; run++) {
      runs.add(List.of(cell(1.10)));
    }
    runs.add(List.of(cell(1.0)));
    Tally tally = Tally.of(runs).getFirst();
    assertThat(tally.runs()).isEqualTo(20);
    assertThat(tally.regressions()).isEqualTo(19);
    assertThat(tally.noChanges()).isEqualTo(1);
    assertThat(tally.required(Tally.TARGET_SHARE)).isEqualTo(19);
    assertThat(tally.meets(Verdict.REGRESSION, Tally.TARGET_SHARE)).isTrue();
    assertThat(tally.meets(Verdict.NO_CHANGE, Tally.TARGET_SHARE)).isFalse();
  }

  @Test
  void eighteenOfTwentyMissesTheTarget() {
    List<List<CellComparison>> runs = new ArrayList<>();
    for (int run = 0; run < 20; run++) {
      runs.add(List.of(cell(run < 18 ? 1.0 : 1.10)));
    }
    assertThat(Tally.of(runs).getFirst().meets(Verdict.NO_CHANGE, Tally.TARGET_SHARE)).isFalse();
  }
}
