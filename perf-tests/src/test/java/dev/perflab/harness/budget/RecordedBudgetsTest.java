package dev.perflab.harness.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A first run's proposed budgets: the medians with their headroom, in a file the run then accepts. */
class RecordedBudgetsTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();

  private static CellReport measured(String cellId, double firstOkMillis, double rssBytes, long imageBytes) {
    Map<String, Distribution> statistics = Map.of(
        Metric.TIME_TO_FIRST_OK_MILLIS.key(), Distribution.of(List.of(firstOkMillis - 10, firstOkMillis,
            firstOkMillis + 30)),
        Metric.RSS_BYTES_AFTER_WARMUP.key(), Distribution.of(List.of(rssBytes, rssBytes, rssBytes)));
    return new CellReport(cellId, Outcome.MEASURED, new ImageInfo("img", "sha256:x", imageBytes, 3), null,
        statistics, null, null, null, List.of(), List.of(), List.of());
  }

  /** The machine reference as a run measured it, under every profile of the bundled catalog. */
  private static final List<ReferenceRuns> REFERENCE = java.util.stream.Stream.concat(
          CATALOG.profiles().stream().map(profile -> profile.name()), java.util.stream.Stream.of("1cpu"))
      .map(profile -> new ReferenceRuns(profile, List.of(810.0, 812.0, 815.0), List.of(700.0, 701.0, 702.0)))
      .toList();

  @Test
  void eachBudgetIsTheMedianWithItsHeadroomRoundedUp() {
    String yaml = RecordedBudgets.yaml(List.of(measured("quarkus/jvm/1cpu-512m", 1000, 100_000_000, 140_000_000)),
        List.of(), List.of(), "./mvnw -Pperf verify", REFERENCE).orElseThrow();

    assertThat(yaml).contains("maxMedianTimeToFirstOkMillis: 1120\n")
        .contains("machineReferenceMillis:\n  1cpu-512m: 812\n")
        .contains("maxImageSizeMegabytes: 161\n")
        .contains("maxMedianRssAfterWarmupMegabytes: 125\n")
        .contains("# Measured by: ./mvnw -Pperf verify");
  }

  @Test
  void theProposedFileIsOneTheRunAcceptsForItsCatalog() {
    List<CellReport> cells = CATALOG.cells().stream()
        .map(cell -> measured(cell.id(), 2000, 150_000_000, 200_000_000)).toList();
    String yaml = RecordedBudgets.yaml(cells, List.of(), List.of(), "cmd", REFERENCE).orElseThrow();

    Budgets budgets = Budgets.parse(yaml, "recorded-budgets.yaml",
        CATALOG.cells(), List.of(), List.of());
    assertThat(budgets.cells()).hasSize(CATALOG.cells().size());
    Cell first = CATALOG.cells().getFirst();
    assertThat(budgets.cells().get(first.id()).maxMedianTimeToFirstOkMillis()).isEqualTo(2240);
  }

  @Test
  void aFailedCellGetsNoBudgetButANoteAndNoMeasuredCellNoFile() {
    CellReport failed = new CellReport("a/jvm/1cpu", Outcome.Failed.of("a/jvm/1cpu", "OOM"), null, null, Map.of(),
        null, null, null, List.of(), List.of(), List.of());
    String yaml = RecordedBudgets.yaml(List.of(measured("b/jvm/1cpu", 500, 1e8, 100_000_000), failed),
        null, List.of("Steady"), "cmd", REFERENCE).orElseThrow();

    assertThat(yaml).contains("# a/jvm/1cpu failed and has no budget here").doesNotContain("  a/jvm/1cpu:")
        .contains("The Gatling part did not run");
    assertThat(RecordedBudgets.yaml(List.of(measured("b/jvm/1cpu", 500, 1e8, 100_000_000)), null, List.of(), "cmd", REFERENCE)
        .orElseThrow()).as("a catalog without contract apps needs no Gatling budgets").doesNotContain("Gatling part");
    assertThat(RecordedBudgets.yaml(List.of(failed), null, List.of(), "cmd", REFERENCE)).isEmpty();
  }

  @Test
  void roundingUpKeepsThreeSignificantDigits() {
    assertThat(RecordedBudgets.roundUp(1234)).isEqualTo(1240);
    assertThat(RecordedBudgets.roundUp(87.2)).isEqualTo(88);
    assertThat(RecordedBudgets.roundUp(4.31)).isEqualTo(5);
    assertThat(RecordedBudgets.roundUp(1250)).isEqualTo(1250);
  }
}
