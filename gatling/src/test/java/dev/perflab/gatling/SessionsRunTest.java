package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.gatling.SessionOutcome.Second;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Sessions simulation run for real, in a Gatling JVM of its own, against {@link SessionsServer}:
 * 16 sessions (1 to 5 per second over 2 s, then 5 per second for 2 s), every 5th create failing
 * with a 500 and every 6th submission outlasting the request timeout. About 20 s.
 */
class SessionsRunTest {

  private static final SessionSettings SETTINGS = new SessionSettings(1, 5, 2, 2, 100, 2_000, "/node/submit");

  @Test
  void aFailedCreateEndsItsSessionAndEveryRequestIsCountedByCause(@TempDir Path directory) throws Exception {
    SessionOutcome outcome;
    try (SessionsServer server = new SessionsServer(5, 6, 3_000)) {
      outcome = run(server, directory);

      // Gatling injects what the profile plans: (1 + 5) / 2 x 2 s, then 5 x 2 s.
      assertThat(outcome.plannedSessions()).isEqualTo(16);
      assertThat(outcome.sessionsStarted()).isEqualTo(16);
      assertThat(server.creates).hasValue(16);
      assertThat(server.emails).as("a user unique to each session").hasSize(13);
      // Creates 5, 10 and 15 failed: those sessions sent nothing more.
      assertThat(server.submits).hasValue(13);
      assertThat(server.deletes).hasValue(13);
    }

    assertStep(outcome, SessionStep.CREATE, 16, 13, new KoCounts(0, 3, 0, 0, 0, 0));
    assertStep(outcome, SessionStep.CHECK, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.SUBMIT, 13, 11, new KoCounts(0, 0, 0, 2, 0, 0));
    assertStep(outcome, SessionStep.DELETE, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.CHECK_DELETED, 13, 13, KoCounts.NONE);
    assertThat(outcome.sessionsEndedAtCreate()).isEqualTo(3);
    assertThat(outcome.sessionsCompleted()).as("all five OK: not the two with a timed-out submission").isEqualTo(11);

    RequestFigures overall = outcome.overall();
    assertThat(overall.planned()).isEqualTo(80);
    assertThat(overall.sent()).isEqualTo(16 + 4 * 13);
    assertThat(overall.unsent()).isEqualTo(3 * 4);
    assertThat(overall.ok()).isEqualTo(63);
    assertThat(overall.ko().total()).isEqualTo(5);
    assertThat(overall.failureRatio()).isEqualTo(5.0 / 68);
    assertThat(overall.effectiveFailureRatio()).isEqualTo(17.0 / 80).isGreaterThan(overall.failureRatio());
    assertThat(overall.okLatencyBuckets().below800Millis()).as("loopback answers are fast").isEqualTo(63);

    List<Second> seconds = outcome.seconds();
    assertThat(seconds).extracting(Second::second).startsWith(0L, 1L, 2L, 3L);
    assertThat(sum(seconds, Second::sessionsStarted)).isEqualTo(16);
    assertThat(sum(seconds, Second::requestsSent)).isEqualTo(68);
    assertThat(sum(seconds, Second::ok)).isEqualTo(63);
    assertThat(sum(seconds, Second::ko)).isEqualTo(5);

    // Gatling's own statistics, one line per step, agree.
    GatlingReport report = GatlingReport.readLatest(directory.resolve("results"));
    assertThat(report.global().count()).isEqualTo(68);
    assertThat(report.global().ko()).isEqualTo(5);
    assertThat(report.request("create").orElseThrow().ko()).isEqualTo(3);
  }

  private static SessionOutcome run(SessionsServer server, Path directory) throws Exception {
    GatlingCommand command = GatlingCommand.of(Sessions.class)
        .property("perflab.baseUrl", server.baseUrl())
        .property("perflab.runId", "sessions-test")
        .property("perflab.outcomeDir", directory.resolve("outcome").toString())
        .resultsDirectory(directory.resolve("results"));
    SETTINGS.properties().forEach(command::property);
    Path log = directory.resolve("gatling.log");
    Process gatling = new ProcessBuilder(command.toCommand()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    if (!gatling.waitFor(60, TimeUnit.SECONDS)) {
      gatling.destroyForcibly().waitFor();
      throw new AssertionError("Gatling did not finish within 60 s:\n" + Files.readString(log));
    }
    assertThat(gatling.exitValue()).as("Gatling's exit code; its log:\n%s", Files.readString(log))
        .isEqualTo(GatlingCommand.EXIT_OK);
    return SessionOutcome.read(directory.resolve("outcome"));
  }

  private static void assertStep(SessionOutcome outcome, SessionStep step, long sent, long ok, KoCounts ko) {
    RequestFigures figures = outcome.step(step);
    assertThat(figures.sent()).as("%s sent", step.stepName()).isEqualTo(sent);
    assertThat(figures.ok()).as("%s OK", step.stepName()).isEqualTo(ok);
    assertThat(figures.ko()).as("%s KO by cause", step.stepName()).isEqualTo(ko);
    assertThat(figures.okLatencyMicros().getTotalCount()).as("%s OK latencies", step.stepName()).isEqualTo(ok);
  }

  private static long sum(List<Second> seconds, ToLongFunction<Second> count) {
    return seconds.stream().mapToLong(count).sum();
  }
}
