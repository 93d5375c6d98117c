package dev.perflab.gatling;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Response times and failures over a sliding window of the most recent responses (e.g. the last
 * 2 s), recorded by many threads at once. The window is cut into slices: an HdrHistogram
 * {@link Recorder} takes the writes without locks and hands over one slice at a time; the last
 * {@code slices} slices make the window. Slices are closed lazily by whoever reads the stats, so
 * no timer thread is needed: the window moves as long as responses come in.
 */
final class RecentWindow {

  private record Slice(Histogram latencies, long failures) {}

  private final long sliceNanos;
  private final int slices;
  private final LongSupplier nanoTime;
  private final Recorder latencyMicros = new Recorder(2);
  private final LongAdder failures = new LongAdder();
  private final ReentrantLock rotation = new ReentrantLock();
  private final Deque<Slice> closed = new ArrayDeque<>();
  private long sliceEnd;
  private volatile WindowStats stats = WindowStats.EMPTY;

  RecentWindow(Duration span, int slices, LongSupplier nanoTime) {
    if (slices < 1 || span.toNanos() < slices) {
      throw new IllegalArgumentException("a window of " + span + " cannot be cut into " + slices + " slices");
    }
    this.sliceNanos = span.toNanos() / slices;
    this.slices = slices;
    this.nanoTime = nanoTime;
    this.sliceEnd = nanoTime.getAsLong() + sliceNanos;
  }

  /** One response: how long it took and whether it failed. Safe from any thread. */
  void record(long latencyNanos, boolean failed) {
    latencyMicros.recordValue(Math.max(0, latencyNanos / 1_000));
    if (failed) {
      failures.increment();
    }
  }

  /**
   * The window's stats as of the last closed slice. Closes the slices that are due; a caller
   * that finds another thread closing them gets the previous stats rather than waiting.
   */
  WindowStats stats() {
    long now = nanoTime.getAsLong();
    if (now >= sliceEnd && rotation.tryLock()) {
      try {
        if (now >= sliceEnd) {
          close(now);
        }
      } finally {
        rotation.unlock();
      }
    }
    return stats;
  }

  private void close(long now) {
    // Slices in which nobody read the stats are empty; what was recorded since goes in the last.
    long due = (now - sliceEnd) / sliceNanos + 1;
    for (long i = 1; i < Math.min(due, slices); i++) {
      add(new Slice(new Histogram(2), 0));
    }
    add(new Slice(latencyMicros.getIntervalHistogram(), failures.sumThenReset()));
    sliceEnd += due * sliceNanos;

    Histogram window = new Histogram(2);
    long failed = 0;
    for (Slice slice : closed) {
      window.add(slice.latencies());
      failed += slice.failures();
    }
    long responses = window.getTotalCount();
    stats = responses == 0 ? WindowStats.EMPTY
        : new WindowStats(responses, window.getValueAtPercentile(95.0) / 1_000.0,
            Math.min(100.0, 100.0 * failed / responses));
  }

  private void add(Slice slice) {
    closed.addLast(slice);
    if (closed.size() > slices) {
      closed.removeFirst();
    }
  }
}
