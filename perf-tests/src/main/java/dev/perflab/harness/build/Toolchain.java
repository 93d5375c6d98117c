package dev.perflab.harness.build;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds a build tool the way the native builds do: {@code $GRAALVM_HOME/bin} first, then the
 * PATH. A mode whose tool is missing here has nothing to measure, which is not a failure.
 */
public final class Toolchain {

  private Toolchain() {}

  public static Optional<Path> locate(String tool) {
    return locate(tool, System.getenv());
  }

  static Optional<Path> locate(String tool, Map<String, String> env) {
    Stream<Path> graalvm = Optional.ofNullable(env.get("GRAALVM_HOME")).stream()
        .map(home -> Path.of(home, "bin", tool));
    Stream<Path> path = Optional.ofNullable(env.get("PATH")).stream()
        .flatMap(value -> Stream.of(value.split(File.pathSeparator)))
        .filter(dir -> !dir.isBlank())
        .map(dir -> Path.of(dir, tool));
    return Stream.concat(graalvm, path).filter(Files::isExecutable).findFirst();
  }

  /** Why a mode needing {@code tool} has no image: the tool is missing, or it was not run. */
  public static String unavailableReason(String tool, String image, Optional<Path> located) {
    return located.isEmpty()
        ? tool + " not found (set GRAALVM_HOME)"
        : "image " + image + " not built: " + tool + " is at " + located.get() + "; run ./mvnw -Pnative package";
  }
}
