package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionSettingsTest {

  @Test
  void plannedSessionsAreCountedAsGatlingInjects() {
    assertThat(settings(1, 5, 2, 2).plannedSessions()).as("(1 + 5) / 2 x 2 + 5 x 2").isEqualTo(16);
    // The ramp's 7.5 is truncated, the constant rate's 7.5 rounded half up.
    assertThat(settings(0.5, 2.5, 5, 0).plannedSessions()).isEqualTo(7);
    assertThat(settings(0.5, 2.5, 0, 3).plannedSessions()).isEqualTo(8);
    assertThat(settings(0.5, 2.5, 5, 3).plannedSessions()).isEqualTo(15);
    assertThat(settings(0, 10, 4, 0).plannedSessions()).isEqualTo(20);
  }

  @Test
  void aPartOfZeroSecondsIsLeftOutOfTheInjection() {
    assertThat(settings(1, 5, 2, 2).injection()).hasSize(2);
    assertThat(settings(1, 5, 0, 2).injection()).hasSize(1);
    assertThat(settings(1, 5, 2, 0).injection()).hasSize(1);
  }

  @Test
  void readBackFromItsOwnProperties() {
    SessionSettings settings = new SessionSettings(0.5, 40, 60, 120, 250, 30_000, "/node/heavy");
    Map<String, String> withoutPrefix = new HashMap<>();
    settings.properties().forEach((key, value) -> withoutPrefix.put(key.substring(Parameters.PREFIX.length()), value));

    assertThat(settings.properties()).containsEntry("perflab.toRate", "40.0")
        .containsEntry("perflab.rampSeconds", "60");
    assertThat(SessionSettings.from(Parameters.of(withoutPrefix))).isEqualTo(settings);
  }

  @Test
  void theStudysDefaultsButNoneForTheLoad() {
    SessionSettings settings = SessionSettings.from(Parameters.of(
        Map.of("toRate", "5", "rampSeconds", "10", "constantSeconds", "20")));
    assertThat(settings).isEqualTo(new SessionSettings(1, 5, 10, 20, 5_000, 60_000, "/node/submit"));
    assertThat(settings.longestSession()).as("ten requests at the timeout, five pauses")
        .isEqualTo(Duration.ofSeconds(10 * 60 + 5 * 5));
    assertThat(settings.injectionDuration()).isEqualTo(Duration.ofSeconds(30));

    assertThatThrownBy(() -> SessionSettings.from(Parameters.of(Map.of("rampSeconds", "10", "constantSeconds", "20"))))
        .hasMessage("missing required system property perflab.toRate");
    assertThatThrownBy(() -> SessionSettings.from(Parameters.of(Map.of("toRate", "5", "constantSeconds", "20"))))
        .hasMessage("missing required system property perflab.rampSeconds");
    assertThatThrownBy(() -> SessionSettings.from(Parameters.of(
        Map.of("toRate", "5", "rampSeconds", "1.5", "constantSeconds", "20"))))
        .hasMessage("system property perflab.rampSeconds='1.5' is not an integer >= 0");
  }

  @Test
  void eachBadValueIsNamedWithWhatItMustBe() {
    assertThatThrownBy(() -> settings(1, 0, 2, 2))
        .hasMessage("session settings: toRate must be > 0 sessions/s, got 0.0");
    assertThatThrownBy(() -> settings(-1, 5, 2, 2))
        .hasMessage("session settings: fromRate must be >= 0 sessions/s, got -1.0");
    assertThatThrownBy(() -> settings(1, 5, 0, 0))
        .hasMessage("session settings: rampSeconds and constantSeconds must be >= 0 and not both 0, got 0 and 0");
    assertThatThrownBy(() -> new SessionSettings(1, 5, 2, 2, -1, 60_000, "/node/submit"))
        .hasMessage("session settings: pauseMillis must be >= 0, got -1");
    assertThatThrownBy(() -> new SessionSettings(1, 5, 2, 2, 100, 60_001, "/node/submit"))
        .hasMessageStartingWith("session settings: requestTimeoutMillis must be between 200 and 60000")
        .hasMessageEndingWith("got 60001");
    assertThatThrownBy(() -> new SessionSettings(1, 5, 2, 2, 100, 199, "/node/submit"))
        .hasMessageEndingWith("got 199");
    assertThatThrownBy(() -> new SessionSettings(1, 5, 2, 2, 100, 1_000, "node/submit"))
        .hasMessage("session settings: submitPath must be a path starting with '/', e.g. /node/submit,"
            + " got 'node/submit'");
    assertThatThrownBy(() -> settings(0.1, 0.2, 3, 0))
        .hasMessageStartingWith("session settings: fromRate 0.1, toRate 0.2 over rampSeconds 3 then constantSeconds 0"
            + " plan no session");
  }

  private static SessionSettings settings(double fromRate, double toRate, int rampSeconds, int constantSeconds) {
    return new SessionSettings(fromRate, toRate, rampSeconds, constantSeconds, 100, 2_000, "/node/submit");
  }
}
