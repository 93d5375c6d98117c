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
    assertThat(of(404, 404, true)).isEmpty();
    assertThat(of(201, 201, false)).hasValue(KoCause.INVALID_BODY);
    assertThat(of(200, 404, true)).hasValue(KoCause.STATUS_4XX);
    assertThat(of(201, 500, false)).hasValue(KoCause.STATUS_5XX);
    assertThat(of(404, 200, true)).as("a deleted user still there").hasValue(KoCause.STATUS_OTHER);
    assertThat(of(200, 302, true)).hasValue(KoCause.STATUS_OTHER);
    assertThat(of(200, 101, true)).hasValue(KoCause.STATUS_OTHER);
  }

  @Test
  void noAnswerWithin100MsOfTheTimeoutIsATimeout() {
    assertThat(noAnswerAfter(1_900)).hasValue(KoCause.TIMEOUT);
    assertThat(noAnswerAfter(2_003)).hasValue(KoCause.TIMEOUT);
    assertThat(noAnswerAfter(1_899)).hasValue(KoCause.NO_ANSWER);
    assertThat(noAnswerAfter(2)).as("refused").hasValue(KoCause.NO_ANSWER);
  }

  private static Optional<KoCause> of(int expected, int status, boolean bodyValid) {
    return KoCause.of(expected, OptionalInt.of(status), bodyValid, Duration.ofMillis(5), TIMEOUT);
  }

  private static Optional<KoCause> noAnswerAfter(long millis) {
    return KoCause.of(200, OptionalInt.empty(), true, Duration.ofMillis(millis), TIMEOUT);
  }
}
