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
 * with a 500, every 6th submission outlasting the request timeout and every 4th delete's preflight
 * refused with a 403. About 20 s.
 */
class SessionsRunTest {

  private static final SessionSettings SETTINGS = new SessionSettings(1, 5, 2, 2, 100, 2_000, "/node/submit");

  @Test
  void aFailedCreateEndsItsSessionAndEveryRequestItsPreflightsIncludedIsCountedByCause(@TempDir Path directory)
      throws Exception {
    SessionOutcome outcome;
    try (SessionsServer server = new SessionsServer(5, 6, 3_000, 4)) {
      outcome = run(server, directory);

      // Gatling injects what the profile plans: (1 + 5) / 2 x 2 s, then 5 x 2 s.
      assertThat(outcome.plannedSessions()).isEqualTo(16);
      assertThat(outcome.sessionsStarted()).isEqualTo(16);
      assertThat(server.creates).hasValue(16);
      assertThat(server.emails).as("a user unique to each session").hasSize(13);
      // Creates 5, 10 and 15 failed: those sessions sent nothing more.
      assertThat(server.submits).hasValue(13);
      assertThat(server.deletes).as("a refused preflight does not stop its delete").hasValue(13);
      // Before each request its preflight, asking for the request's method on its path, with a browser's headers.
      assertThat(server.preflights).hasSize(4).allSatisfy((asked, count) -> assertThat(count).as(asked)
          .hasValue(switch (asked) {
            case "POST /users" -> 16;
            case "GET /users/{id}" -> 2 * 13;
            case "GET /node/submit", "DELETE /users/{id}" -> 13;
            default -> throw new AssertionError("a preflight for " + asked);
          }));
      assertThat(server.incompletePreflights).isEmpty();
    }

    assertStep(outcome, SessionStep.CREATE_PREFLIGHT, 16, 16, KoCounts.NONE);
    assertStep(outcome, SessionStep.CREATE, 16, 13, new KoCounts(0, 3, 0, 0, 0, 0));
    assertStep(outcome, SessionStep.CHECK_PREFLIGHT, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.CHECK, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.SUBMIT_PREFLIGHT, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.SUBMIT, 13, 11, new KoCounts(0, 0, 0, 2, 0, 0));
    assertStep(outcome, SessionStep.DELETE_PREFLIGHT, 13, 10, new KoCounts(3, 0, 0, 0, 0, 0));
    assertStep(outcome, SessionStep.DELETE, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.CHECK_DELETED_PREFLIGHT, 13, 13, KoCounts.NONE);
    assertStep(outcome, SessionStep.CHECK_DELETED, 13, 13, KoCounts.NONE);
    assertThat(outcome.sessionsEndedAtCreate()).isEqualTo(3);
    assertThat(outcome.sessionsCompleted()).as("all ten OK: not the two with a timed-out submission nor the three"
        + " with a refused preflight, which may be the same sessions").isBetween(13L - 5, 13L - 3);

    RequestFigures overall = outcome.overall();
    assertThat(overall.planned()).isEqualTo(160);
    assertThat(overall.sent()).isEqualTo(2 * 16 + 8 * 13);
    assertThat(overall.unsent()).as("four requests and their preflights per session ended at its create")
        .isEqualTo(3 * 8);
    assertThat(overall.ok()).isEqualTo(128);
    assertThat(overall.ko().total()).isEqualTo(8);
    assertThat(overall.failureRatio()).isEqualTo(8.0 / 136);
    assertThat(overall.effectiveFailureRatio()).isEqualTo(32.0 / 160).isGreaterThan(overall.failureRatio());
    assertThat(overall.okLatencyBuckets().below800Millis()).as("loopback answers are fast").isEqualTo(128);
    assertThat(overall.okLatencyBuckets().below800MillisShareOfOk()).isEqualTo(1.0);
    assertThat(overall.below800MillisShareOfSent()).isEqualTo(128.0 / 136);

    List<Second> seconds = outcome.seconds();
    assertThat(seconds).extracting(Second::second).startsWith(0L, 1L, 2L, 3L);
    assertThat(sum(seconds, Second::sessionsStarted)).isEqualTo(16);
    assertThat(sum(seconds, Second::requestsSent)).isEqualTo(136);
    assertThat(sum(seconds, Second::ok)).isEqualTo(128);
    assertThat(sum(seconds, Second::ko)).isEqualTo(8);

    // Gatling's own statistics, one line per step, agree: its samples are the preflights and the requests.
    GatlingReport report = GatlingReport.readLatest(directory.resolve("results"));
    assertThat(report.global().count()).isEqualTo(136);
    assertThat(report.global().ko()).isEqualTo(8);
    assertThat(report.request("create").orElseThrow().ko()).isEqualTo(3);
    assertThat(report.request("delete-preflight").orElseThrow().ko()).isEqualTo(3);
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
