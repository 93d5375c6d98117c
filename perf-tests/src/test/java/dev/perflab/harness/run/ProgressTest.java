package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The time left between parts: the parts' estimates, scaled by how the finished parts kept to theirs. */
class ProgressTest {

  private final AtomicLong nanos = new AtomicLong();

  private void elapse(Duration duration) {
    nanos.addAndGet(duration.toNanos());
  }

  @Test
  void theTimeLeftFollowsThePaceOfTheFinishedParts() {
    Progress progress = new Progress(List.of(Duration.ofMinutes(10), Duration.ofMinutes(6)), nanos::get);
    assertThat(progress.describeTotal()).isEqualTo("about 16 min");

    assertThat(progress.beforePart(0)).isEqualTo("0 min 00 s into the run, about 16 min left");
    elapse(Duration.ofMinutes(15));
    progress.partDone(0);

    // The first part took half as long again as estimated: so, probably, will the second.
    assertThat(progress.afterPart(0)).isEqualTo("took 15 min 00 s; about 9 min left");
    assertThat(progress.beforePart(1)).isEqualTo("15 min 00 s into the run, about 9 min left");
    elapse(Duration.ofMinutes(8));
    progress.partDone(1);
    assertThat(progress.afterPart(1)).isEqualTo("took 8 min 00 s; the run is done");
  }
}
