package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.result.RampSecond;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The ramp's seconds and its cumulative stop rule on given times (nanoseconds from 0). */
class RampTallyTest {

  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  /** Judged from the third second: p95 since the start over 2000 ms, or over 1 % errors, stops it. */
  private static final RampModel MODEL = new RampModel(1, 2, 100, Duration.ofMillis(500), 3, 2000, 0.01,
      Duration.ofSeconds(60), Duration.ofSeconds(10));

  @Test
  void eachSecondIsSummarisedAloneAndTheRuleReadsEverySecondSinceTheStart() {
    RampTally tally = new RampTally(MODEL, 0);
    for (int i = 0; i < 100; i++) {
      tally.answered(0, 100 * MS);
      tally.answered(S, S + 300 * MS);
    }

    assertThat(tally.closeSecond(0, 5, new long[0])).isEmpty();
    assertThat(tally.closeSecond(1, 7, new long[0])).isEmpty();

    RampSecond second = tally.seconds().get(1);
    assertThat(second.users()).isEqualTo(7);
    assertThat(second.completed()).isEqualTo(100);
    assertThat(second.p95Millis()).isBetween(299.0, 301.0);
    assertThat(second.p50Millis()).as("the second's own answers, all 300 ms").isBetween(299.0, 301.0);
    assertThat(second.cumulativeP95Millis()).as("both seconds' 200 answers").isBetween(299.0, 301.0);
    assertThat(tally.seconds().getFirst().p95Millis()).isBetween(99.0, 101.0);
  }

  @Test
  void aP95OverTheLimitStopsTheRampOnlyFromItsFirstJudgedSecond() {
    RampTally tally = new RampTally(MODEL, 0);
    for (int i = 0; i < 10; i++) {
      tally.answered(0, 2500 * MS);
    }

    assertThat(tally.closeSecond(0, 1, new long[0])).isEmpty();
    assertThat(tally.closeSecond(1, 1, new long[0])).isEmpty();
    assertThat(tally.closeSecond(2, 1, new long[0])).hasValueSatisfying(stop -> {
      assertThat(stop.second()).isEqualTo(2);
      assertThat(stop.reason()).startsWith("p95 since the ramp's start 25");
    });
  }

  /**
   * The thesis's shape: 60 s of a plateau, 100 answers a second at 100 ms, then 5 users more a second and every
   * answer 3 s. A window of the last 10 s passes 2 s in the first slow second (100 slow of 1,000 answers, 10 %), at
   * 505 users; since the start, 5 % of the answers are slow only in the fourth (400 of 6,400), at 520 users.
   */
  @Test
  void theCumulativeRuleStopsLaterThanAWindowWouldAfterALongFastPlateau() {
    RampModel thesis = new RampModel(10, 5, 4000, Duration.ofMillis(500), 10, 2000, 0.01, Duration.ofSeconds(600),
        Duration.ofSeconds(10));
    RampTally tally = new RampTally(thesis, 0);
    for (int second = 0; second < 60; second++) {
      answer(tally, second, 100, 100);
      assertThat(tally.closeSecond(second, 500, new long[0])).isEmpty();
    }
    Optional<RampTally.Stop> stop = Optional.empty();
    int users = 500;
    int firstSlowUsers = 0;
    for (int second = 60; stop.isEmpty() && second < 80; second++) {
      users += 5;
      answer(tally, second, 100, 3000);
      firstSlowUsers = firstSlowUsers == 0 ? users : firstSlowUsers;
      stop = tally.closeSecond(second, users, new long[0]);
    }

    List<RampSecond> window = tally.seconds().subList(51, 61);
    long slowInWindow = window.stream().filter(s -> s.p50Millis() > 2000).mapToLong(RampSecond::completed).sum();
    assertThat((double) slowInWindow / window.stream().mapToLong(RampSecond::completed).sum())
        .as("the share over 2 s of a window of the last 10 s at second 60: its p95 is over 2 s").isGreaterThan(0.05);
    assertThat(firstSlowUsers).as("where a 10 s window would have stopped").isEqualTo(505);
    assertThat(stop).hasValueSatisfying(cumulative -> {
      assertThat(cumulative.second()).isEqualTo(63);
      assertThat(cumulative.reason()).startsWith("p95 since the ramp's start 3");
    });
    assertThat(tally.seconds().getLast().users()).isEqualTo(520);
    assertThat(tally.seconds().get(62).cumulativeP95Millis()).as("300 slow of 6,300: under 5 %").isLessThan(2000);
  }

  /** No answers at all, every user waiting 3 s: its silence counts as latency, and stops the ramp. */
  @Test
  void requestsStillWaitingCountAtTheirAge() {
    RampTally tally = new RampTally(MODEL, 0);
    tally.closeSecond(0, 10, new long[0]);
    tally.closeSecond(1, 10, new long[0]);

    assertThat(tally.closeSecond(2, 10, new long[] {3 * S, 3 * S, 3 * S})).hasValueSatisfying(stop ->
        assertThat(stop.reason()).contains("p95"));
    assertThat(tally.seconds().get(2).waiting()).isEqualTo(3);
    assertThat(tally.closeSecond(3, 10, new long[0])).as("their ages are not kept as answers").isEmpty();
  }

  @Test
  void errorsOverTheRatioSinceTheStartStopTheRamp() {
    RampTally tally = new RampTally(MODEL, 0);
    for (int i = 0; i < 98; i++) {
      tally.answered(2 * S, 2 * S + 10 * MS);
    }
    tally.failed(2 * S + 5 * MS);
    tally.failed(2 * S + 6 * MS);
    tally.closeSecond(0, 1, new long[0]);
    tally.closeSecond(1, 1, new long[0]);

    assertThat(tally.closeSecond(2, 1, new long[0])).hasValueSatisfying(stop ->
        assertThat(stop.reason()).isEqualTo("errors since the ramp's start 2.0 % > 1.0 %"));
    assertThat(tally.seconds().get(2).errors()).isEqualTo(2);
  }

  @Test
  void aSecondWhoseTimersFiredLateIsTheDriversNotTheServices() {
    RampTally tally = new RampTally(MODEL, 0);
    tally.lag(100 * MS, 20 * MS);
    tally.lag(1100 * MS, 1 * MS);
    tally.closeSecond(0, 1, new long[0]);
    tally.closeSecond(1, 1, new long[0]);

    assertThat(tally.seconds().get(0).generatorLimited()).isTrue();
    assertThat(tally.seconds().get(1).generatorLimited()).isFalse();
  }

  /** {@code count} answers arriving in {@code second}, each {@code millis} long. */
  private static void answer(RampTally tally, int second, int count, long millis) {
    for (int i = 0; i < count; i++) {
      long arrived = second * S + i * MS;
      tally.answered(arrived - millis * MS, arrived);
    }
  }
}
