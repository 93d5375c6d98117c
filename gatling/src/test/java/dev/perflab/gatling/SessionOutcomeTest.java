package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionOutcomeTest {

  private static final KoCounts NONE = KoCounts.NONE;

  /**
   * 12 sessions planned, 10 started; 2 creates failed (500), so 8 sessions sent the other four
   * steps and their preflights: one submission timed out and one went unanswered, one delete's
   * preflight was refused (403), one deleted user still answered 200.
   */
  private static final SessionOutcome RUN = new SessionOutcome(12, 10, 5, List.of(
      step(SessionStep.CREATE_PREFLIGHT, 10, NONE, 10),
      step(SessionStep.CREATE, 10, new KoCounts(0, 2, 0, 0, 0, 0), 8),
      step(SessionStep.CHECK_PREFLIGHT, 8, NONE, 8),
      step(SessionStep.CHECK, 8, NONE, 8),
      step(SessionStep.SUBMIT_PREFLIGHT, 8, NONE, 8),
      step(SessionStep.SUBMIT, 8, new KoCounts(0, 0, 0, 1, 1, 0), 6),
      step(SessionStep.DELETE_PREFLIGHT, 8, new KoCounts(1, 0, 0, 0, 0, 0), 7),
      step(SessionStep.DELETE, 8, NONE, 8),
      step(SessionStep.CHECK_DELETED_PREFLIGHT, 8, NONE, 8),
      step(SessionStep.CHECK_DELETED, 8, new KoCounts(0, 0, 1, 0, 0, 0), 7)),
      List.of(new SessionOutcome.Second(0, 10, 84, 78, 6)));

  @Test
  void theEffectiveFailureRatioCountsTheRequestsStoppedSessionsNeverSent() {
    RequestFigures check = RUN.step(SessionStep.CHECK);
    assertThat(check.planned()).isEqualTo(12);
    assertThat(check.unsent()).as("2 sessions never started, 2 ended at their create").isEqualTo(4);
    assertThat(check.acceptanceRatio()).isEqualTo(1.0);
    assertThat(check.failureRatio()).isZero();
    assertThat(check.effectiveFailureRatio()).isEqualTo(4.0 / 12);

    RequestFigures overall = RUN.overall();
    assertThat(RUN.plannedRequests()).as("five requests and their preflights a session").isEqualTo(120);
    assertThat(RUN.sessionsEndedAtCreate()).isEqualTo(2);
    assertThat(overall.sent()).isEqualTo(2 * 10 + 8 * 8);
    assertThat(overall.ok()).isEqualTo(10 + 8 + 8 + 8 + 8 + 6 + 7 + 8 + 8 + 7);
    assertThat(overall.ko()).isEqualTo(new KoCounts(1, 2, 1, 1, 1, 0));
    assertThat(overall.acceptanceRatio()).isEqualTo(78.0 / 84);
    assertThat(overall.failureRatio()).isEqualTo(6.0 / 84);
    assertThat(overall.effectiveFailureRatio()).isEqualTo((120.0 - 78) / 120);
  }

  @Test
  void theShareUnder800MsIsOfTheSuccessfulRequestsAsTheStudyHasItOrOfThoseSentWithFailuresOutsideIt() {
    // 5 sent: 3 OK (2 under 800 ms, 1 at 900 ms), 2 KO.
    RequestFigures submit = figures(5, 5, new KoCounts(0, 1, 0, 1, 0, 0), 100, 799, 900);

    assertThat(submit.okLatencyBuckets().below800MillisShareOfOk()).isEqualTo(2.0 / 3);
    assertThat(submit.below800MillisShareOfSent()).isEqualTo(2.0 / 5);
    assertThat(submit.okLatencyBuckets().from800To1200MillisShareOfOk()).isEqualTo(1.0 / 3);
  }

  @Test
  void apdexCountsEveryKoFrustratedAndItsBoundsAreInclusive() {
    // T = 500 ms: 100 and 500 satisfied; 501 and 2,000 (4T) tolerating; 2,001 and the 2 KO frustrated.
    RequestFigures submit = figures(10, 7, new KoCounts(0, 1, 0, 1, 0, 0), 100, 500, 501, 2_000, 2_001);

    assertThat(submit.apdex(500)).isEqualTo((2 + 2 / 2.0) / 7);
    assertThat(submit.apdexOfPlanned(500)).as("3 requests unsent: frustrated too").isEqualTo((2 + 2 / 2.0) / 10);
    assertThat(submit.apdex(500.2)).as("whole ms: 500 and 2,000 (4T = 2,000.8) are still in")
        .isEqualTo(submit.apdex(500));
    assertThat(submit.apdex(500.25)).as("4T = 2,001: 2,001 ms becomes tolerating").isEqualTo((2 + 3 / 2.0) / 7);
    assertThat(submit.apdex(100_000)).isEqualTo(5.0 / 7);
    assertThatThrownBy(() -> submit.apdex(0)).hasMessage("Apdex T must be a number of milliseconds > 0, got 0.0");
  }

  @Test
  void latencyBucketsSplitAtGatlingsBoundsExactly() {
    RequestFigures.LatencyBuckets buckets = figures(4, 4, NONE, 799, 800, 1_199, 1_200).okLatencyBuckets();

    assertThat(buckets).isEqualTo(new RequestFigures.LatencyBuckets(1, 2, 1));
    assertThat(buckets.below800MillisShareOfOk()).isEqualTo(0.25);
    assertThat(buckets.from800To1200MillisShareOfOk()).isEqualTo(0.5);
    assertThat(buckets.atOrAbove1200MillisShareOfOk()).isEqualTo(0.25);
  }

  @Test
  void aRatioOverNothingIsNotANumber() {
    RequestFigures nothingSent = figures(5, 0, NONE);
    assertThat(nothingSent.acceptanceRatio()).isNaN();
    assertThat(nothingSent.failureRatio()).isNaN();
    assertThat(nothingSent.apdex(500)).isNaN();
    assertThat(nothingSent.okLatencyBuckets().below800MillisShareOfOk()).isNaN();
    assertThat(nothingSent.below800MillisShareOfSent()).isNaN();
    assertThat(nothingSent.effectiveFailureRatio()).isEqualTo(1.0);
    assertThat(nothingSent.apdexOfPlanned(500)).isZero();
  }

  @Test
  void writtenAsJsonAndReadBack(@TempDir Path directory) throws Exception {
    Path file = RUN.write(directory.resolve("outcome"));

    assertThat(file.getFileName().toString()).isEqualTo("sessions.json");
    assertThat(Files.readString(file)).contains("\"plannedSessions\" : 12", "\"name\" : \"check-deleted\"",
        "\"okStatus\" : \"404\"", "\"okStatus\" : \"2xx\"", "\"status5xx\" : 2", "\"okLatencyHistogram\" : \"HISTF",
        "\"requestsSent\" : 84");
    SessionOutcome read = SessionOutcome.read(directory.resolve("outcome"));
    assertThat(read).isEqualTo(RUN);
    assertThat(read.step(SessionStep.SUBMIT).okLatencyMicros().getTotalCount()).isEqualTo(6);
  }

  @Test
  void aFileWithStepsMissingOrMoreSessionsThanPlannedIsRefused() {
    List<SessionOutcome.Step> steps = RUN.steps();
    assertThatThrownBy(() -> new SessionOutcome(12, 10, 5, steps.subList(1, 10), List.of()))
        .hasMessage("steps must be [create-preflight, create, check-preflight, check, submit-preflight, submit,"
            + " delete-preflight, delete, check-deleted-preflight, check-deleted], in that order, got [create,"
            + " check-preflight, check, submit-preflight, submit, delete-preflight, delete, check-deleted-preflight,"
            + " check-deleted]");
    assertThatThrownBy(() -> new SessionOutcome(9, 10, 5, steps, List.of()))
        .hasMessageStartingWith("sessions: 9 planned, 10 started, 5 completed; a run cannot start more sessions");
  }

  @Test
  void aCorruptHistogramNamesItsStep() {
    SessionOutcome.Step step = new SessionOutcome.Step("check", "200", 1, 1, NONE, "bm90IGEgaGlzdG9ncmFt");
    assertThatThrownBy(step::okLatencyMicros)
        .hasMessage("step 'check': okLatencyHistogram is not a Base64 compressed HdrHistogram");
  }

  /** {@code ok} OK answers of 1 ms to {@code ok} ms. */
  private static SessionOutcome.Step step(SessionStep step, long sent, KoCounts ko, long ok) {
    return SessionOutcome.Step.of(step, sent, ok, ko, latencies(LongStream.rangeClosed(1, ok).toArray()));
  }

  private static RequestFigures figures(long planned, long sent, KoCounts ko, long... okLatenciesMillis) {
    return new RequestFigures(planned, sent, okLatenciesMillis.length, ko, latencies(okLatenciesMillis));
  }

  private static Histogram latencies(long... millis) {
    Histogram histogram = SessionOutcome.newLatencyHistogram();
    for (long value : millis) {
      histogram.recordValue(value * 1_000);
    }
    return histogram;
  }
}
