package dev.perflab.harness.launch;

import static dev.perflab.harness.launch.BalancerServerStatsTest.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The balancer's log as Docker gave it with timestamps (src/test/resources/haproxy/README.md). */
class ServerStateChangeTest {

  @Test
  void aKilledReplicaGoesDownThenIntoMaintenanceAndStderrsWarningsDoNotCountTwice() throws IOException {
    assertThat(ServerStateChange.parse(resource("app-2-killed.log"))).containsExactly(
        new ServerStateChange(Instant.parse("2026-11-28T15:22:38.714989787Z"), "be_app", "app-2", "DOWN",
            "Layer4 timeout, check duration: 501ms"),
        new ServerStateChange(Instant.parse("2026-11-28T15:23:08.832606674Z"), "be_app", "app-2", "MAINT",
            "DNS NX status"));
  }

  @Test
  void aReplicaThatComesBackIsReadyAgainAndAPausedOneGoesDownAndUp() throws IOException {
    assertThat(ServerStateChange.parse(resource("replica-back.log")))
        .extracting(change -> change.server() + " " + change.state() + ": " + change.reason())
        .containsExactly(
            "worker-2 DOWN: Layer4 timeout, check duration: 1002ms",
            "worker-2 MAINT: DNS NX status",
            "worker-2 READY: resolves again",
            "worker-2 READY: valid DNS answer",
            "worker-1 DOWN: Layer7 timeout, check duration: 1001ms",
            "worker-1 UP: Layer7 check passed, code: 200, check duration: 32ms");
  }

  @Test
  void aLogReadWithoutTimestampsIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> ServerStateChange.parse(
            "Server be_app/app-2 is DOWN, reason: Layer4 timeout."))
        .withMessageContaining("without Docker's timestamp (read the log with timestamps)");
  }
}
