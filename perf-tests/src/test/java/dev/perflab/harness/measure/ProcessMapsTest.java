package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProcessMapsTest {

  @Test
  void sumsEveryMappingOfTheFileAndNothingElse() {
    Stream<String> maps = Stream.of(
        "00400000-00401000 r-xp 00000000 08:01 100  /opt/java/openjdk/bin/java",
        "800000000-800e2a000 rw-p 00001000 00:2f 7741 /app/app.aot",
        "800e2a000-8031e5000 r--p 00e2b000 00:2f 7741 /app/app.aot",
        "7f1c2a000000-7f1c2c000000 rw-p 00000000 00:00 0 ",
        "7f1c2d000000-7f1c2d001000 r--p 00000000 00:2f 7742 /app/app.aot.old",
        "7ffd1000-7ffd2000 rw-p 00000000 00:00 0  [stack]");

    assertThat(ProcessMaps.mappedBytes(maps, "/app/app.aot")).isEqualTo(0x31e5000L);
  }

  @Test
  void aProcessWithoutTheFileMappedHasNone() {
    assertThat(ProcessMaps.mappedBytes(ProcessHandle.current().pid(), "/app/app.aot")).isZero();
  }
}
