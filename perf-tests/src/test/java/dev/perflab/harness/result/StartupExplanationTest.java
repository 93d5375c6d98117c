package dev.perflab.harness.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.result.StartupExplanation.Difference;
import dev.perflab.harness.result.StartupExplanation.RecordedSide;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartupExplanationTest {

  @Test
  void differencesBeyondSamplingNoiseComeFirstThenTheLargestEitherWayAndEqualFiguresAreLeftOut() {
    Map<String, Long> a = Map.of("app.Config.load", 40L, "app.Cache.warm", 30L, "app.Same.run", 12L, "app.Log.init", 3L);
    Map<String, Long> b = Map.of("app.Config.load", 42L, "app.Cache.warm", 10L, "app.Same.run", 12L,
        "org.http.Client.init", 25L);

    assertThat(StartupExplanation.largestDifferences(a, b, a, b)).containsExactly(
        new Difference("org.http.Client.init", 0, 25, 0, 25),
        new Difference("app.Cache.warm", 30, 10, 30, 10),
        new Difference("app.Log.init", 3, 0, 3, 0),
        new Difference("app.Config.load", 40, 42, 40, 42));
  }

  @Test
  void aDifferenceIsBeyondSamplingNoiseWhenItsCountsDifferByMoreThanTwiceTheRootOfTheirSum() {
    assertThat(new Difference("m", 0, 2, 0, 2).beyondSamplingNoise()).isFalse();
    assertThat(new Difference("m", 5, 2, 5, 2).beyondSamplingNoise()).isFalse();
    assertThat(new Difference("m", 0, 5, 0, 5).beyondSamplingNoise()).isTrue();
    assertThat(new Difference("m", 100, 130, 100, 130).beyondSamplingNoise()).isFalse();
    assertThat(new Difference("m", 100, 140, 100, 140).beyondSamplingNoise()).isTrue();
    // Sixteen megabytes in one allocation sample is one sample.
    assertThat(new Difference("m", 0, 16_000_000, 0, 1).beyondSamplingNoise()).isFalse();
  }

  @Test
  void keepsTheTopDifferencesInAnOrderThatReadsTheSameTwice() {
    Map<String, Long> b = new HashMap<>();
    for (int i = 0; i < 25; i++) {
      b.put("app.M" + (char) ('a' + i) + ".run", 5L);
    }
    List<Difference> differences = StartupExplanation.largestDifferences(Map.of(), b, Map.of(), b);
    assertThat(differences).hasSize(StartupExplanation.TOP);
    assertThat(differences.getFirst().frame()).isEqualTo("app.Ma.run");
  }

  @Test
  void setsTheTwoRecordedStartsSideBySide() {
    StartupProfile a = new StartupProfile(100, Map.of("app.Main.main", 100L), 5_000_000,
        Map.of("app.Main.main", 5_000_000L), Map.of("app.Main.main", 40L));
    StartupProfile b = new StartupProfile(130, Map.of("app.Main.main", 100L, "org.http.Client.init", 30L), 9_000_000,
        Map.of("app.Main.main", 5_000_000L, "org.http.Client.init", 4_000_000L),
        Map.of("app.Main.main", 41L, "org.http.Client.init", 12L));
    StartupExplanation explanation = StartupExplanation.of(new RecordedSide(1000, 100, 5_000_000, "A/startup.jfr"), a,
        new RecordedSide(1300, 130, 9_000_000, "B/startup.jfr"), b);

    assertThat(explanation.unavailable()).isNull();
    assertThat(explanation.hotMethods()).containsExactly(new Difference("org.http.Client.init", 0, 30, 0, 30));
    assertThat(explanation.allocationSites())
        .containsExactly(new Difference("org.http.Client.init", 0, 4_000_000, 0, 12));
  }
}
