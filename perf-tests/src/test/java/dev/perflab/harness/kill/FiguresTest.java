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
    assertThat(comparison.account()).contains("1 point(s) taken from the killed run", "fresh points' up to 2.00x");
  }

  @Test
  void aTakenPointBeyondTheFreshPointsNoiseIsADifference() {
    Figures resumed = new Figures(900.0, 0.02, Map.of("a.json", Map.of("launches[0].timeToFirstOkMillis", 7000.0,
        "launches[0].createToStartMillis", 180.0), "b.json", Map.of("launches[0].timeToFirstOkMillis", 7700.0,
        "launches[0].createToStartMillis", 60.0)));
    Figures uninterrupted = new Figures(910.0, 0.02, Map.of("a.json", CLEAN, "b.json", CLEAN));

    Figures.Comparison comparison = resumed.against(uninterrupted, Set.of("a.json"));

    assertThat(comparison.differences()).singleElement().asString().startsWith("a.json: its time fields 2.50x")
        .contains("launches[0].createToStartMillis 180.0 after the kill, 45.0 uninterrupted");
  }

  @Test
  void aReferenceMeasuredBesideSomethingHeavyIsADifferenceWhateverThePoints() {
    Figures uninterrupted = new Figures(860.0, 0.03, Map.of());

    Figures.Comparison heavy = new Figures(1300.0, 0.05, Map.of()).against(uninterrupted, Set.of());

    assertThat(heavy.differences()).singleElement().asString().startsWith("machine reference 1300 ms");
    assertThat(heavy.account()).isEqualTo("no point taken from the killed run");
    // Two clean runs here, minutes apart.
    assertThat(new Figures(1113.0, 0.05, Map.of()).against(new Figures(1365.0, 0.043, Map.of()), Set.of())
        .differences()).isEmpty();
  }
}
