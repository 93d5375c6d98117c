package dev.perflab.harness.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Finds a build tool where the native builds look for it: {@code $GRAALVM_HOME/bin} (the parent
 * POM's graalvm profile switches them on by that file). A mode whose tool is missing here has
 * nothing to measure, which is not a failure.
 */
public final class Toolchain {

  private Toolchain() {}

  public static Optional<Path> locate(String tool) {
    return locate(tool, System.getenv());
  }

  static Optional<Path> locate(String tool, Map<String, String> env) {
    return Optional.ofNullable(env.get("GRAALVM_HOME"))
        .map(home -> Path.of(home, "bin", tool))
        .filter(Files::isExecutable);
  }

  /** Why a mode needing {@code tool} has no image {@code image}: the tool is missing, or it was not run. */
  public static String unavailableReason(String tool, String image, Optional<Path> located) {
    return located.isEmpty()
        ? tool + " not found (set GRAALVM_HOME)"
        : "image " + image + " not built: " + tool + " is at " + located.get() + "; run ./mvnw -Pnative package";
  }
}
