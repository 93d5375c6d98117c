package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.gatling.KoCounts;
import dev.perflab.gatling.SessionSettings;
import dev.perflab.gatling.SessionStep;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session scenario forked for real; the counting itself: SessionsRunTest in the gatling module. */
class SessionRunTest {

  // 1.5 sessions in the ramp's second, truncated to 1, then 2: 3 sessions.
  private static final SessionSettings SETTINGS = new SessionSettings(1, 2, 1, 1, 100, 1_000, "/node/submit");

  @Test
  void aServiceThatIsNotThereGivesAnOutcomeWhereEverySessionEndedAtItsCreate(@TempDir Path reportRoot)
      throws Exception {
    Path directory = reportRoot.resolve("gatling").resolve("sessions");

    SessionRun.Result result = SessionRun.run(URI.create("http://127.0.0.1:" + closedPort()), SETTINGS, "refused",
        directory, reportRoot);

    assertThat(result.failed()).as("%s\n%s", result.failure(), String.join("\n", result.logTail())).isFalse();
    assertThat(result.exitCode()).isZero();
    assertThat(result.log()).isEqualTo("gatling/sessions/gatling.log");
    assertThat(result.report()).startsWith("gatling/sessions/sessions-").endsWith("/index.html");
    assertThat(reportRoot.resolve(result.report())).isRegularFile();
    assertThat(result.gatlingCpuSeconds()).isPositive();
    assertThat(result.wallSeconds()).isPositive();
    assertThat(result.outcome().sessionsStarted()).isEqualTo(3);
    assertThat(result.outcome().step(SessionStep.CREATE).ko()).isEqualTo(new KoCounts(0, 0, 0, 0, 3, 0));
    assertThat(result.outcome().step(SessionStep.CHECK).sent()).isZero();
    assertThat(result.outcome().overall().effectiveFailureRatio()).isEqualTo(1.0);
  }

  @Test
  void aSimulationThatCannotStartIsAFailureWithTheEndOfItsLog(@TempDir Path reportRoot) throws Exception {
    Path directory = reportRoot.resolve("sessions");
    Files.createDirectories(directory);
    Files.writeString(directory.resolve("sessions.json"), "left over from an earlier run");

    SessionRun.Result result = SessionRun.run(URI.create("ftp://127.0.0.1:21"), SETTINGS, "bad", directory,
        reportRoot);

    assertThat(result.failed()).isTrue();
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.failure()).isEqualTo("Gatling did not run (exit code 1)");
    assertThat(result.outcome()).isNull();
    assertThat(result.report()).isNull();
    assertThat(directory.resolve("sessions.json")).as("the earlier run's outcome is swept").doesNotExist();
    assertThat(String.join("\n", result.logTail()))
        .contains("system property perflab.baseUrl='ftp://127.0.0.1:21' is not an absolute http(s) URL");
  }

  /** A loopback port nothing listens on: bound, then let go. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
