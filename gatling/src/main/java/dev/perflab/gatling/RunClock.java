package dev.perflab.gatling;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Time since the run's first request. Started by the first call rather than at construction:
 * Gatling builds the simulation, then its protocols, and only then injects the first user, so
 * the first request is the closest to the injector's own zero.
 */
final class RunClock {

  private static final long NOT_STARTED = Long.MIN_VALUE;

  private final LongSupplier nanoTime;
  private final AtomicLong start = new AtomicLong(NOT_STARTED);

  RunClock() {
    this(System::nanoTime);
  }

  RunClock(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  Duration elapsed() {
    long now = nanoTime.getAsLong();
    start.compareAndSet(NOT_STARTED, now);
    return Duration.ofNanos(now - start.get());
  }
}
