package dev.perflab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class CalibrationTest {

  private static final double CV = 0.05;

  @Test
  void reportsTheNoiseWhatItCanDetectAndTheRepetitionsTheThresholdNeeds() {
    LogNormalLaunches launches = new LogNormalLaunches(CV, 11);
    Calibration calibration =
        Calibration.of(ComparedMetric.TIME_TO_FIRST_OK_MILLIS, launches.draw(10, 1_500), launches.draw(10, 1_500));

    assertThat(calibration.metric()).isEqualTo(ComparedMetric.TIME_TO_FIRST_OK_MILLIS);
    assertThat(calibration.coefficientOfVariation()).isCloseTo(CV, within(0.02));
    assertThat(calibration.minimumDetectableEffect())
        .isEqualTo(MinimumDetectableEffect.of(calibration.coefficientOfVariation(), 10, 10));
    assertThat(calibration.recommendedRepetitionsPerSide())
        .isEqualTo(MinimumDetectableEffect.repetitionsPerSide(calibration.coefficientOfVariation(), 0.05));
    assertThat(calibration.aa().verdict()).isEqualTo(Verdict.NO_CHANGE);
  }

  @Test
  void usesTheMetricsThreshold() {
    LogNormalLaunches launches = new LogNormalLaunches(CV, 12);
    Calibration calibration =
        Calibration.of(ComparedMetric.P99_AT_FIXED_RATE_MICROS, launches.draw(8, 900), launches.draw(8, 900));
    assertThat(calibration.aa().threshold()).isEqualTo(0.10);
    assertThat(calibration.recommendedRepetitionsPerSide())
        .isEqualTo(MinimumDetectableEffect.repetitionsPerSide(calibration.coefficientOfVariation(), 0.10));
  }

  @Test
  void halvesSplitAtTheMiddle() {
    List<Double> samples = List.of(100.0, 101.0, 99.0, 100.0, 102.0, 98.0, 100.0);
    Calibration calibration = Calibration.ofHalves(ComparedMetric.RSS_BYTES, samples);
    assertThat(calibration.aa().baseline().n()).isEqualTo(3);
    assertThat(calibration.aa().candidate().n()).isEqualTo(4);
    assertThat(calibration.aa().baseline().median()).isEqualTo(100);
  }

  @Test
  void driftBetweenTheHalvesIsNotNoise() {
    LogNormalLaunches launches = new LogNormalLaunches(0.02, 13);
    List<Double> drifting = new ArrayList<>(launches.draw(10, 1_000));
    drifting.addAll(launches.draw(10, 1_150));
    Calibration calibration = Calibration.ofHalves(ComparedMetric.TIME_TO_FIRST_OK_MILLIS, drifting);
    assertThat(calibration.aa().verdict()).isEqualTo(Verdict.REGRESSION);
  }

  @Test
  void tooFewSamplesForHalvesIsAnError() {
    assertThatThrownBy(() -> Calibration.ofHalves(ComparedMetric.RSS_BYTES, List.of(1.0, 2.0, 3.0, 4.0, 5.0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an A/A calibration from halves needs at least 6 samples, got 5");
  }

  @Test
  void describesTheCalibrationOnOneLine() {
    List<Double> set = List.of(900.0, 950.0, 1_000.0, 1_050.0, 1_100.0, 900.0, 950.0, 1_000.0, 1_050.0, 1_100.0);
    Calibration calibration = Calibration.of(ComparedMetric.TIME_TO_FIRST_OK_MILLIS, set, set);
    RatioInterval ratio = calibration.aa().ratio();
    assertThat(calibration.describe()).isEqualTo(String.format(Locale.ROOT,
        "time to first OK, A/A: noise CV 7.5 %%, minimum detectable effect 11.7 %% with 10 + 10 repetitions;"
            + " 55 per side to detect 5 %%; B/A 1.000 (95.7 %% CI %.3f–%.3f): NO_CHANGE",
        ratio.lower(), ratio.upper()));
  }
}
