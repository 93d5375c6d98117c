package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One service under test: where it listens, how to tell it is ready, how it reports its own
 * startup time, and its image per mode.
 *
 * @param healthPath the framework's own health endpoint, or null where the app has none
 * @param startupLogPattern a regex with a named group {@code seconds} or {@code millis}
 *     matching the framework's own "started in" log line
 * @param module the app's Maven module, relative to the project root
 * @param artifacts per mode, what its image is built from, relative to the module: the
 *     packaged app's directory or the native executable
 */
public record App(
    String name,
    String framework,
    String frameworkVersion,
    int port,
    String readinessPath,
    String healthPath,
    Pattern startupLogPattern,
    String module,
    Map<String, String> images,
    Map<String, String> artifacts) {

  public App {
    required(name, "name");
    required(framework, "framework");
    required(frameworkVersion, "frameworkVersion");
    required(readinessPath, "readinessPath");
    required(startupLogPattern, "startupLogPattern");
    required(module, "module");
    images = Map.copyOf(required(images, "images"));
    artifacts = Map.copyOf(required(artifacts, "artifacts"));
  }

  public String imageFor(Mode mode) {
    return images.get(mode.name());
  }

  /** The same app with {@code image} in mode {@code modeName}: one side of an A/B comparison. */
  public App withImage(String modeName, String image) {
    Map<String, String> replaced = new HashMap<>(images);
    replaced.put(modeName, image);
    return new App(name, framework, frameworkVersion, port, readinessPath, healthPath, startupLogPattern, module,
        replaced, artifacts);
  }
}
