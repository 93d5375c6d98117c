package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class KoCauseTest {

  private static final Duration TIMEOUT = Duration.ofMillis(2_000);

  @Test
  void onlyTheExpectedStatusWithTheBodyTheStepNeedsIsOk() {
    assertThat(of(SessionStep.CHECK_DELETED, 404, true)).isEmpty();
    assertThat(of(SessionStep.CREATE, 201, false)).hasValue(KoCause.INVALID_BODY);
    assertThat(of(SessionStep.CHECK, 404, true)).hasValue(KoCause.STATUS_4XX);
    assertThat(of(SessionStep.CREATE, 500, false)).hasValue(KoCause.STATUS_5XX);
    assertThat(of(SessionStep.CHECK_DELETED, 200, true)).as("a deleted user still there")
        .hasValue(KoCause.STATUS_OTHER);
    assertThat(of(SessionStep.CHECK, 302, true)).hasValue(KoCause.STATUS_OTHER);
    assertThat(of(SessionStep.CHECK, 101, true)).hasValue(KoCause.STATUS_OTHER);
    assertThat(of(SessionStep.CHECK, 204, true)).as("a request expects its one status").hasValue(KoCause.STATUS_OTHER);
  }

  @Test
  void aPreflightIsOkAtAny2xxAndFailsOtherwise() {
    assertThat(of(SessionStep.DELETE_PREFLIGHT, 200, true)).isEmpty();
    assertThat(of(SessionStep.DELETE_PREFLIGHT, 204, true)).isEmpty();
    assertThat(of(SessionStep.CREATE_PREFLIGHT, 405, true)).as("a server without CORS on that path")
        .hasValue(KoCause.STATUS_4XX);
    assertThat(of(SessionStep.CREATE_PREFLIGHT, 302, true)).hasValue(KoCause.STATUS_OTHER);
    assertThat(SessionStep.SUBMIT.preflightOf()).isEqualTo(SessionStep.SUBMIT_PREFLIGHT);
    assertThat(SessionStep.SUBMIT_PREFLIGHT.method()).isEqualTo("GET");
    assertThat(SessionStep.DELETE.preflightOf().method()).isEqualTo("DELETE");
    assertThat(SessionStep.pausedRequests()).isEqualTo(5);
  }

  @Test
  void noAnswerWithin100MsOfTheTimeoutIsATimeout() {
    assertThat(noAnswerAfter(1_900)).hasValue(KoCause.TIMEOUT);
    assertThat(noAnswerAfter(2_003)).hasValue(KoCause.TIMEOUT);
    assertThat(noAnswerAfter(1_899)).hasValue(KoCause.NO_ANSWER);
    assertThat(noAnswerAfter(2)).as("refused").hasValue(KoCause.NO_ANSWER);
  }

  private static Optional<KoCause> of(SessionStep step, int status, boolean bodyValid) {
    return KoCause.of(step, OptionalInt.of(status), bodyValid, Duration.ofMillis(5), TIMEOUT);
  }

  private static Optional<KoCause> noAnswerAfter(long millis) {
    return KoCause.of(SessionStep.CHECK, OptionalInt.empty(), true, Duration.ofMillis(millis), TIMEOUT);
  }
}
