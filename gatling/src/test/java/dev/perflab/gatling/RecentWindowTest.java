package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RecentWindowTest {

  private static final long MS = 1_000_000;

  private final AtomicLong now = new AtomicLong(1_000 * MS);
  // 2 s in 4 slices of 500 ms
  private final RecentWindow window = new RecentWindow(Duration.ofSeconds(2), 4, now::get);

  private void advance(long millis) {
    now.addAndGet(millis * MS);
  }

  @Test
  void nothingCountsUntilItsSliceCloses() {
    window.record(10 * MS, false);
    assertThat(window.stats()).isEqualTo(WindowStats.EMPTY);
    advance(500);
    assertThat(window.stats().responses()).isEqualTo(1);
  }

  @Test
  void p95AndErrorShareOfTheWindow() {
    for (int i = 1; i <= 100; i++) {
      window.record(i * MS, i > 98);
    }
    advance(500);
    WindowStats stats = window.stats();
    assertThat(stats.responses()).isEqualTo(100);
    assertThat(stats.p95Millis()).isCloseTo(95, within(1.0));
    assertThat(stats.errorPercent()).isEqualTo(2.0);
  }

  @Test
  void oldSlicesSlideOut() {
    window.record(900 * MS, true);
    advance(500);
    assertThat(window.stats().p95Millis()).isCloseTo(900, within(9.0));
    for (int slice = 0; slice < 4; slice++) {
      window.record(5 * MS, false);
      advance(500);
      window.stats();
    }
    WindowStats stats = window.stats();
    assertThat(stats.responses()).isEqualTo(4);
    assertThat(stats.p95Millis()).isCloseTo(5, within(0.1));
    assertThat(stats.errorPercent()).isZero();
  }

  @Test
  void aQuietGapEmptiesTheWindowOfWhatCameBeforeIt() {
    window.record(50 * MS, false);
    advance(500);
    assertThat(window.stats().responses()).isEqualTo(1);
    advance(10_000);
    window.record(7 * MS, false);
    assertThat(window.stats().responses()).as("the 7 ms answer closes into the newest slice").isEqualTo(1);
    assertThat(window.stats().p95Millis()).isCloseTo(7, within(0.1));
  }

  @Test
  void recordsFromManyThreadsAtOnce() throws Exception {
    try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
      for (int t = 0; t < 8; t++) {
        threads.submit(() -> {
          for (int i = 0; i < 10_000; i++) {
            window.record(3 * MS, i % 100 == 0);
            window.stats();
          }
        });
      }
    }
    advance(500);
    WindowStats stats = window.stats();
    assertThat(stats.responses()).isEqualTo(80_000);
    assertThat(stats.errorPercent()).isEqualTo(1.0);
  }
}
