package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.load.RequestMix;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One service under test: where it listens, how to tell it is ready, how it reports its own
 * startup time, its image per mode, and how perflab builds it, if it does. Any service can be
 * one, not only the framework apps: it needs an image per mode it is measured in, a port and a
 * path that answers 200 once it is ready.
 *
 * @param framework what the service is built with, or its own name (reported with the version)
 * @param contract whether the service answers the perflab contract (docs/contract-v1.md, v2):
 *     only then do the parity test, the Gatling simulations and the JMH benchmarks, which
 *     exercise that contract, run against it
 * @param readinessPath the request that is timed: the first 200 to {@code GET} it is "ready"
 * @param healthPath the framework's own health endpoint, or null where the app has none
 * @param startupLogPattern a regex with a named group {@code seconds} or {@code millis}
 *     matching the service's own "started in" log line, or null where it logs none: then it has
 *     no {@code frameworkReportedStartupMillis}; with a pattern, a launch without the line fails
 * @param module the app's Maven module, relative to the project root, whose {@code package}
 *     builds its images; null for a service perflab only runs (its images are built elsewhere)
 * @param images per mode the service is measured in, its image; a mode without one has no cells
 * @param artifacts per mode, what its image is built from, relative to the module: the
 *     packaged app's directory or the native executable; null exactly when {@code module} is
 * @param load the request mix the load driver sends it, or null for the catalog's
 *     {@code load.request}
 */
public record App(
    String name,
    String framework,
    String frameworkVersion,
    boolean contract,
    int port,
    String readinessPath,
    String healthPath,
    Pattern startupLogPattern,
    String module,
    Map<String, String> images,
    Map<String, String> artifacts,
    RequestMix load) {

  public App {
    required(name, "name");
    required(framework, "framework");
    required(frameworkVersion, "frameworkVersion");
    required(readinessPath, "readinessPath");
    required(images, "images").forEach((mode, image) -> required(image, "images." + mode));
    images = Map.copyOf(images);
    if (images.isEmpty()) {
      throw new IllegalArgumentException("'images' needs an image for at least one mode");
    }
    if (module == null && artifacts != null) {
      throw new IllegalArgumentException("'artifacts' must be null without a 'module': perflab builds nothing for "
          + name);
    }
    if (module != null) {
      artifacts = Map.copyOf(required(artifacts, "artifacts"));
      if (!artifacts.keySet().equals(images.keySet())) {
        throw new IllegalArgumentException("'artifacts' needs one entry per mode of 'images' " + images.keySet()
            + ", got " + artifacts.keySet());
      }
    }
  }

  public String imageFor(Mode mode) {
    return images.get(mode.name());
  }
}
