package dev.perflab.harness.experiment.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.PinnedPointSettings;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationPlanTest {

  private static CalibrationPlan plan(String scale) throws Exception {
    ExperimentLoader.Loaded loaded = ExperimentLoader.load(Path.of("../experiments/gate-calibration.yaml"),
        PinnedPointSettings.CATALOG, BundledKinds.ALL);
    return new CalibrationPlan(null, PinnedPointSettings.EVERY_IMAGE, PinnedPointSettings.CATALOG,
        (GateCalibrationSpec) loaded.spec(), scale, null);
  }

  @Test
  void comparisonsRunRoundByRoundAcrossTheSeries() throws Exception {
    List<String> ids = plan("default").planned().points().stream().map(CalibrationPoint::id).toList();

    assertThat(ids).hasSize(80).startsWith("aa #1", "classes-3% #1", "classes-5% #1", "classes-10% #1", "aa #2")
        .endsWith("classes-10% #20");
    assertThat(plan("smoke").planned().points()).extracting(CalibrationPoint::fileName)
        .containsExactly("classes-10pct-1.json");
  }

  @Test
  void aPointsSettingsLeaveOutHowManyComparisonsItsSeriesHas() throws Exception {
    CalibrationPlan plan = plan("default");
    CalibrationPoint point = plan.planned().points().get(1);
    CalibrationSeries series = point.series();
    CalibrationSeries longer = new CalibrationSeries(series.injected(), series.size(), 40, series.mostPairs(),
        series.minutesPerComparison());

    assertThat(plan.settings(new CalibrationPoint(longer, 1))).isEqualTo(plan.settings(point))
        .contains("\"injected\" : \"classes\"", "\"size\" : 0.03", "\"classesLoadedAtFirstOk\" : 0.02");
  }

  @Test
  void theBundledFilesPointSettingsAreThoseRecorded() throws Exception {
    PinnedPointSettings.assertUnchanged(GateCalibrationSpec.KIND, (loaded, scale) -> new CalibrationPlan(null,
        PinnedPointSettings.EVERY_IMAGE, PinnedPointSettings.CATALOG, (GateCalibrationSpec) loaded.spec(), scale,
        null));
  }

  @Test
  void theLargestPairChangeIsTheWidestPairEitherWay() {
    assertThat(CalibrationPlan.largestPairChange(List.of(100.0, 100.0, 200.0), List.of(103.0, 98.0, 190.0)))
        .isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(CalibrationPlan.largestPairChange(null, List.of(1.0))).isZero();
  }
}
