package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One service under test: where it listens, how to tell it is ready, how it reports its own
 * startup time, and its image per mode.
 *
 * @param healthPath the framework's own health endpoint, or null where the app has none
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
    required(name, "name");
    required(framework, "framework");
    required(frameworkVersion, "frameworkVersion");
    required(readinessPath, "readinessPath");
    required(startupLogPattern, "startupLogPattern");
    images = Map.copyOf(required(images, "images"));
  }

  public String imageFor(Mode mode) {
    return images.get(mode.name());
  }
}
