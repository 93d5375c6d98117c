package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolchainTest {

  @TempDir
  Path dir;

  @Test
  void foundInGraalvmHomeOnly() throws IOException {
    Path graalvm = executable(dir.resolve("graalvm/bin/native-image"));
    Path onPath = executable(dir.resolve("usr/bin/native-image"));

    assertThat(Toolchain.locate("native-image", Map.of("GRAALVM_HOME", dir.resolve("graalvm").toString(),
        "PATH", onPath.getParent().toString()))).contains(graalvm);
    // The native builds are switched on by $GRAALVM_HOME/bin/native-image: the PATH does not count.
    assertThat(Toolchain.locate("native-image", Map.of("PATH", onPath.getParent().toString()))).isEmpty();
  }

  @Test
  void aNonExecutableToolIsNotFound() throws IOException {
    Path notExecutable = dir.resolve("graalvm/bin/native-image");
    Files.createDirectories(notExecutable.getParent());
    Files.writeString(notExecutable, "");

    assertThat(Toolchain.locate("native-image", Map.of("GRAALVM_HOME", dir.resolve("graalvm").toString()))).isEmpty();
    assertThat(Toolchain.locate("native-image", Map.of())).isEmpty();
  }

  @Test
  void theReasonSaysWhatToDo() {
    assertThat(Toolchain.unavailableReason("native-image", "perflab/a:1-native", Optional.empty()))
        .isEqualTo("native-image not found (set GRAALVM_HOME)");
    assertThat(Toolchain.unavailableReason("native-image", "perflab/a:1-native", Optional.of(Path.of("/g/bin/native-image"))))
        .contains("perflab/a:1-native not built", "/g/bin/native-image", "./mvnw -Pnative package");
  }

  private static Path executable(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }
}
