package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.result.StartupProfile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlightRecordingTest {

  /** Kept reachable so the allocations are not optimised away. */
  private static final List<int[]> KEPT = new ArrayList<>();

  @Test
  void countsSamplesAtTheNearestFrameOutsideTheJdkUpToTheFirstOk(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("startup.jfr");
    Instant started;
    try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
      recording.start();
      started = Instant.now();
      busyAndAllocating(1500);
      recording.stop();
      recording.dump(file);
    }

    StartupProfile profile = FlightRecording.read(file, Instant.now());
    assertThat(profile.executionSamples()).isPositive();
    // Most of the time goes to sorting and hashing in JDK code, charged to the method that called it.
    assertThat(profile.samplesByMethod().get(getClass().getName() + ".busyAndAllocating"))
        .isGreaterThan(profile.executionSamples() / 2);
    assertThat(profile.allocationSampledBytes()).isPositive();
    assertThat(profile.allocationSamplesBySite().keySet()).isEqualTo(profile.allocatedBytesBySite().keySet());
    assertThat(profile.samplesByMethod().values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(profile.executionSamples());

    StartupProfile beforeItStarted = FlightRecording.read(file, started.minusSeconds(60));
    assertThat(beforeItStarted.executionSamples()).isZero();
    assertThat(beforeItStarted.allocationSampledBytes()).isZero();
    assertThat(beforeItStarted.allocationSamplesBySite()).isEmpty();
  }

  @Test
  void namesGeneratedClassesAlikeInEveryLaunch() {
    assertThat(FlightRecording.typeName("org.example.Foo$$Lambda/0x00007f3c1c0a2b40"))
        .isEqualTo("org.example.Foo$$Lambda");
    assertThat(FlightRecording.typeName("org.example.Foo$$Lambda$123/0x0000000800c01000"))
        .isEqualTo("org.example.Foo$$Lambda");
    assertThat(FlightRecording.typeName("org.example.Foo$Inner")).isEqualTo("org.example.Foo$Inner");
  }

  @Test
  void theOptionsWriteIntoTheMountOnExit() {
    assertThat(FlightRecording.jvmOptions("/perflab-jfr", "startup.jfr")).isEqualTo(
        "-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=/perflab-jfr/startup.jfr"
            + " -XX:FlightRecorderOptions=repository=/perflab-jfr/repository");
  }

  private static void busyAndAllocating(long millis) {
    long end = System.nanoTime() + millis * 1_000_000;
    long sum = 0;
    while (System.nanoTime() < end) {
      int[] values = new int[4096];
      for (int i = 0; i < values.length; i++) {
        values[i] = (int) (i * 2654435761L);
      }
      java.util.Arrays.sort(values);
      sum += java.util.Arrays.hashCode(values);
      if (KEPT.size() < 64) {
        KEPT.add(values);
      }
    }
    assertThat(sum).isNotEqualTo(42);
  }
}
