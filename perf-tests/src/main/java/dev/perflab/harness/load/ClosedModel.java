package dev.perflab.harness.load;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A closed population: {@code users} users, each thinking between its requests for {@code thinkTime}
 * (always that long, or exponentially distributed with that mean), warmed up, then measured.
 */
public record ClosedModel(int users, Duration thinkTime, ThinkTime distribution, Duration warmup, Duration measure) {

  /** How long a user thinks between an answer and its next request. */
  public enum ThinkTime {
    FIXED,
    /** Memoryless: the users' requests arrive as a Poisson stream would while the service keeps up. */
    EXPONENTIAL;

    /** "fixed", "exponential": its name in a file. */
    @JsonValue
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public ClosedModel {
    if (users < 1) {
      throw new IllegalArgumentException("a closed model needs at least 1 user, got " + users);
    }
    if (thinkTime.isNegative() || measure.isZero() || measure.isNegative() || warmup.isNegative()) {
      throw new IllegalArgumentException("think time and warm-up must not be negative, and the measured time must be"
          + " positive; got " + thinkTime + ", " + warmup + ", " + measure);
    }
  }

  /** The next think time in nanoseconds, drawn from {@code random} (seeded: two runs think alike). */
  long nextThinkNanos(SplittableRandom random) {
    long mean = thinkTime.toNanos();
    return switch (distribution) {
      case FIXED -> mean;
      case EXPONENTIAL -> Math.round(-Math.log(1 - random.nextDouble()) * mean);
    };
  }
}
