package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.result.ContainerSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The processes here are this JVM and a child; a container's main process is read the same way. */
class ContainerSamplerTest {

  private static final long SELF = ProcessHandle.current().pid();

  @Test
  void everyProcessIsStampedOnTheSameClockAndOneThatEndsStopsAlone() throws Exception {
    Process child = new ProcessBuilder("sleep", "60").start();
    Map<String, Long> pids = new LinkedHashMap<>();
    pids.put("front-1", SELF);
    pids.put("store-1", SELF);
    pids.put("store-2", child.pid());
    try (ContainerSampler sampler = ContainerSampler.start(pids)) {
      awaitSamples(sampler, "store-2", 1);
      child.destroyForcibly().waitFor();
      int beforeItEnded = sampler.timeline("store-2").size();
      awaitSamples(sampler, "front-1", beforeItEnded + 2);

      assertThat(atMillis(sampler.timeline("store-1"))).isEqualTo(atMillis(sampler.timeline("front-1")));
      List<Long> ended = atMillis(sampler.timeline("store-2"));
      assertThat(ended).hasSizeLessThanOrEqualTo(beforeItEnded + 1)
          .isEqualTo(atMillis(sampler.timeline("front-1")).subList(0, ended.size()));
      assertThatThrownBy(sampler::timeline).hasMessageContaining("ask for one by name");
      assertThatThrownBy(() -> sampler.timeline("nobody")).hasMessageContaining("[front-1, store-1, store-2]");
    } finally {
      child.destroyForcibly();
    }
  }

  private static void awaitSamples(ContainerSampler sampler, String name, int count) throws InterruptedException {
    for (int i = 0; i < 100 && sampler.timeline(name).size() < count; i++) {
      Thread.sleep(100);
    }
    assertThat(sampler.timeline(name)).as(name).hasSizeGreaterThanOrEqualTo(count);
  }

  private static List<Long> atMillis(List<ContainerSample> samples) {
    return samples.stream().map(ContainerSample::atMillis).toList();
  }
}
