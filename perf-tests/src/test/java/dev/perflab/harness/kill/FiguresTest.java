package dev.perflab.harness.kill;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FiguresTest {

  private static final Map<String, Double> CLEAN = Map.of("launches[0].timeToFirstOkMillis", 7000.0,
      "launches[0].createToStartMillis", 45.0);

  @Test
  void freshPointsOnlyNoisyTellNothingAboutTheKill() {
    // Two clean runs of a smoke differ: a fresh point twice as slow is the scale's noise, not the kill's doing.
    Figures resumed = new Figures(900.0, 0.02, Map.of("a.json", CLEAN, "b.json", Map.of(
        "launches[0].timeToFirstOkMillis", 14000.0, "launches[0].createToStartMillis", 90.0)));
    Figures uninterrupted = new Figures(910.0, 0.02, Map.of("a.json", CLEAN, "b.json", CLEAN));

    Figures.Comparison comparison = resumed.against(uninterrupted, Set.of("a.json"));

    assertThat(comparison.differences()).isEmpty();
    assertThat(comparison.account()).contains("1 point(s) taken from the killed run", "noise up to 2.00x");
  }

  @Test
  void aTakenPointBeyondTheFreshPointsNoiseIsADifference() {
    Figures resumed = new Figures(900.0, 0.02, Map.of("a.json", Map.of("launches[0].timeToFirstOkMillis", 7000.0,
        "launches[0].createToStartMillis", 180.0), "b.json", Map.of("launches[0].timeToFirstOkMillis", 7700.0,
        "launches[0].createToStartMillis", 60.0)));
    Figures uninterrupted = new Figures(910.0, 0.02, Map.of("a.json", CLEAN, "b.json", CLEAN));

    Figures.Comparison comparison = resumed.against(uninterrupted, Set.of("a.json"));

    assertThat(comparison.differences()).singleElement().asString()
        .contains("a.json launches[0].createToStartMillis 180.0 after the kill, 45.0 uninterrupted (4.00x");
  }

  @Test
  void aReferenceMeasuredBesideLeftoversIsADifferenceWhateverThePoints() {
    // The run: 1018 ms at CV 18.9 % beside the orphans, 819-903 ms in clean runs at a few per cent.
    Figures resumed = new Figures(1018.0, 0.189, Map.of());
    Figures uninterrupted = new Figures(860.0, 0.03, Map.of());

    Figures.Comparison comparison = resumed.against(uninterrupted, Set.of());

    assertThat(comparison.differences()).singleElement().asString().startsWith("machine reference 1018 ms");
    assertThat(new Figures(903.0, 0.03, Map.of()).against(uninterrupted, Set.of()).differences()).isEmpty();
    assertThat(comparison.account()).isEqualTo("no point taken from the killed run");
  }
}
