package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The JVM's choices and pauses read from its own log (lines as Temurin 25.0.3 writes them). */
class JvmGcLogTest {

  private static final String LOG = """
      NOTE: Picked up JDK_JAVA_OPTIONS: -XX:+ExitOnOutOfMemoryError -Xlog:gc,gc+init:stdout:timemillis,tags
      [1795549062829ms][gc,init] CardTable entry size: 512
      [1795549062829ms][gc     ] Using Serial
      [1795549062829ms][gc,init] Version: 25.0.3+9-LTS (release)
      [1795549062829ms][gc,init] CPUs: 2 total, 1 available
      [1795549062829ms][gc,init] Memory: 256M
      [1795549062829ms][gc,init] Heap Min Capacity: 8M
      [1795549062829ms][gc,init] Heap Initial Capacity: 8M
      [1795549062829ms][gc,init] Heap Max Capacity: 128M
      2026-11-24 19:40:01,123 INFO  [io.quarkus] (main) perflab-quarkus started in 3.389s. GC(7) Pause 1.0ms
      [1795549069297ms][gc     ] GC(0) Pause Young (Allocation Failure) 9M->2M(30M) 4.564ms
      [1795549069383ms][gc     ] GC(1) Pause Young (Allocation Failure) 11M->4M(30M) 7.031ms
      [1795549069771ms][gc     ] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 15M->4M(32M) 5.752ms
      [1795549070771ms][gc     ] GC(3) Pause Full (Allocation Failure) 31M->20M(32M) 40.5ms
      """;

  @Test
  void theChoicesAreTheCollectorTheHeapCeilingAndTheAvailableProcessors() {
    JvmGcLog.Choices choices = JvmGcLog.parse(LOG).choices();

    assertThat(choices).isEqualTo(new JvmGcLog.Choices("Serial", 128L << 20, 1));
  }

  @Test
  void pausesAreCountedInTheIntervalTheyWereLoggedIn() {
    JvmGcLog log = JvmGcLog.parse(LOG);

    assertThat(log.pauses()).hasSize(4);
    // 4.564 + 7.031 ms in [..69000, ..69400): the app's own "Pause" line is not the JVM's.
    assertThat(log.pauseShare(1795549069000L, 1795549069400L)).isCloseTo(11.595 / 400, within(1e-9));
    assertThat(log.pauseShare(1795549069400L, 1795549071400L)).isCloseTo((5.752 + 40.5) / 2000, within(1e-9));
    assertThat(log.pauseShare(1795549071400L, 1795549072400L)).isZero();
  }

  @Test
  void aLogWithoutGcLinesHasNoChoices() {
    assertThat(JvmGcLog.parse("just the app\n").choices()).isEqualTo(new JvmGcLog.Choices(null, null, null));
  }
}
