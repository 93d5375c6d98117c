package dev.perflab.harness.build;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A copy of a JVM-mode image whose start loads a given number of classes more: the image with a
 * {@link ClassLoadingAgent} ({@link AgentVariant}). Its zero-class variant carries the agent and loads none, so a
 * comparison against it sees the injected classes alone.
 */
public final class ClassLoadingVariant {

  private ClassLoadingVariant() {}

  /** "perflab/quarkus:3.37.3-jvm-classes-340". */
  public static String nameFor(String image, int classes) {
    return AgentVariant.nameFor(image, "-classes-" + classes);
  }

  /** Builds (or rebuilds) the variant of {@code image} that loads {@code classes} more, and returns its name. */
  public static String build(String image, int classes, Path workDir) throws IOException, InterruptedException {
    if (classes < 0) {
      throw new IllegalArgumentException("a class-loading variant loads zero classes or more, got " + classes);
    }
    return AgentVariant.build(image, nameFor(image, classes), ClassLoadingAgent.class, String.valueOf(classes),
        "loads-" + classes + "-classes-more", workDir);
  }
}
