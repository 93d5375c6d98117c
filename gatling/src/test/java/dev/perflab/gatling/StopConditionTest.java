package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StopConditionTest {

  private final StopCondition condition = new StopCondition(100, 1, 20);

  @Test
  void holdsWhenTheWindowsP95IsAboveTheLimit() {
    assertThat(condition.breach(new WindowStats(50, 100.0, 0))).isEmpty();
    assertThat(condition.breach(new WindowStats(50, 100.5, 0))).hasValue(StopCondition.P95);
  }

  @Test
  void holdsWhenMoreThanTheErrorLimitFailed() {
    assertThat(condition.breach(new WindowStats(200, 10, 1.0))).isEmpty();
    assertThat(condition.breach(new WindowStats(200, 10, 1.5))).hasValue(StopCondition.ERRORS);
  }

  @Test
  void errorsAreReportedBeforeLatency() {
    assertThat(condition.breach(new WindowStats(200, 500, 50))).hasValue(StopCondition.ERRORS);
  }

  @Test
  void tooFewResponsesAreNotJudged() {
    assertThat(condition.breach(new WindowStats(19, 5_000, 100))).isEmpty();
  }
}
