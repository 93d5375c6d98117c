package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.launch.CellContainer.FailedState;
import org.junit.jupiter.api.Test;

/** A failed launch's reason leads with what ended the container, then what the harness saw. */
class FirstCauseTest {

  @Test
  void anOomKillComesBeforeTheStepThatNoticedIt() {
    assertThat(CellContainer.firstCause(new FailedState(137L, true, null, null, null, "")))
        .isEqualTo("the container was killed by the kernel OOM killer at its memory limit (exit code 137); then ");
  }

  @Test
  void anExitCodeComesFirstToo() {
    assertThat(CellContainer.firstCause(new FailedState(1L, false, null, null, null, ""))).isEqualTo("the container exited with code 1; then ");
  }

  @Test
  void aProcessKilledInsideAContainerThatLivesOnComesFirst() {
    // The JVM of the limits check, started by docker exec, is killed; the app's JVM lives on.
    assertThat(CellContainer.firstCause(new FailedState(null, false, 1L, 40L, 256L << 20, "")))
        .isEqualTo("the kernel OOM killer ended 1 process(es) in the container at its memory limit; then ");
  }

  @Test
  void aContainerHeldAtItsMemoryLimitWithoutAKillSaysSoFirst() {
    // At its limit with no swap, the kernel drops the JVM's file pages (its code) and reads them back:
    // the app crawls, the limits check's JVM starves, and the OOM killer ends nothing.
    assertThat(CellContainer.firstCause(new FailedState(null, false, 0L, 9_031L, 255L << 20, "")))
        .startsWith("the container ran at its memory limit (reached 9031 times, 255 MiB in use)")
        .endsWith("; then ");
  }

  @Test
  void aContainerStillRunningWithoutKillsAddsNothing() {
    assertThat(CellContainer.firstCause(new FailedState(null, false, 0L, 0L, 100L << 20, ""))).isEmpty();
    assertThat(CellContainer.firstCause(new FailedState(null, false, null, null, null, ""))).isEmpty();
  }
}
