package dev.perflab.harness.build;

import dev.perflab.harness.measure.ImageInfo;
import java.nio.file.Path;
import java.util.List;

/**
 * One app built at one framework version ({@link VersionBuild}).
 *
 * @param modes the modes built, by name
 * @param command the Maven command, as run
 * @param images the images the build left, one per mode (empty if it failed)
 * @param wallMillis the whole build, resolution and AOT training included
 * @param log the build's whole output
 * @param failure why the build failed, naming the version and the log, or null
 * @param logTail the last lines of the log if the build failed, else empty
 */
public record VersionBuildResult(
    String app,
    String version,
    List<String> modes,
    List<String> command,
    List<ImageInfo> images,
    long wallMillis,
    Path log,
    String failure,
    List<String> logTail) {

  public VersionBuildResult {
    modes = List.copyOf(modes);
    command = List.copyOf(command);
    images = List.copyOf(images);
    logTail = List.copyOf(logTail);
  }

  public boolean built() {
    return failure == null;
  }
}
