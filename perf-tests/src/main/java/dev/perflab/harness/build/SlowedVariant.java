package dev.perflab.harness.build;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A copy of a JVM-mode image that is slower to its first response by a fixed amount of CPU work: the
 * image with a {@link SlowStartAgent} ({@link AgentVariant}).
 */
public final class SlowedVariant {

  public static final String TAG_SUFFIX = "-slowed";

  private SlowedVariant() {}

  /** The variant's name: the image's tag with {@value #TAG_SUFFIX} appended. */
  public static String nameFor(String image) {
    return AgentVariant.nameFor(image, TAG_SUFFIX);
  }

  /** Builds (or rebuilds) the variant of {@code image} and returns its name. */
  public static String build(String image, long delayMillis, Path workDir) throws IOException, InterruptedException {
    return build(image, nameFor(image), delayMillis, workDir);
  }

  /**
   * The same, tagged with its delay ("perflab/quarkus:3.37.3-jvm-slowed-150ms"), so variants of several sizes live
   * side by side (a calibration interleaves them).
   */
  public static String buildSized(String image, long delayMillis, Path workDir)
      throws IOException, InterruptedException {
    return build(image, AgentVariant.nameFor(image, TAG_SUFFIX + "-" + delayMillis + "ms"), delayMillis, workDir);
  }

  private static String build(String image, String variant, long delayMillis, Path workDir)
      throws IOException, InterruptedException {
    if (delayMillis < 1) {
      throw new IllegalArgumentException("a slowed variant needs a delay of at least 1 ms, got " + delayMillis);
    }
    return AgentVariant.build(image, variant, SlowStartAgent.class, String.valueOf(delayMillis),
        "slowed-by-" + delayMillis + "ms-cpu", workDir);
  }
}
