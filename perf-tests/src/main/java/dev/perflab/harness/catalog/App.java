package dev.perflab.harness.catalog;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One service under test: where it listens, how to tell it is ready, how it reports its own
 * startup time, and its image per mode.
 *
 * @param startupLogPattern a regex with a named group {@code seconds} or {@code millis}
 *     matching the framework's own "started in" log line
 */
public record App(
    String name,
    String framework,
    String frameworkVersion,
    int port,
    String readinessPath,
    String healthPath,
    Pattern startupLogPattern,
    Map<String, String> images) {

  public App {
    Objects.requireNonNull(name, "app name");
    images = Map.copyOf(images);
  }

  public String imageFor(Mode mode) {
    return images.get(mode.name());
  }
}
