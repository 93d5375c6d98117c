package dev.perflab.harness.build;

import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Outcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One app built at one framework version ({@link VersionBuild}).
 *
 * @param modes the modes built, by name
 * @param command the Maven command, as run
 * @param images the images the build left, one per mode (empty if it failed)
 * @param wallMillis the whole build, resolution and AOT training included
 * @param log the build's whole output
 * @param outcome measured (built), or failed: "quarkus 3.38.2 did not build", the reason and the
 *     log's file, and the last lines of the log
 */
public record VersionBuildResult(
    String app,
    String version,
    List<String> modes,
    List<String> command,
    List<ImageInfo> images,
    long wallMillis,
    Path log,
    Outcome outcome) {

  public VersionBuildResult {
    Objects.requireNonNull(outcome, "outcome");
    modes = List.copyOf(modes);
    command = List.copyOf(command);
    images = List.copyOf(images);
  }

  public boolean built() {
    return outcome.measured();
  }
}
