package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One service under test: where it listens, how to tell it is ready, how it reports its own
 * startup time, and its image per mode.
 *
 * @param frameworkVersionProperty the Maven property that sets the framework's version (its BOM
 *     and plugins, and through the module's {@code perflab.framework.version} its image tags):
 *     {@code -D<property>=<version>} builds the app at another version (see {@link #atVersion})
 * @param healthPath the framework's own health endpoint, or null where the app has none
 * @param startupLogPattern a regex with a named group {@code seconds} or {@code millis}
 *     matching the framework's own "started in" log line
 * @param module the app's Maven module, relative to the project root
 * @param images per mode, the image's name; its tag contains {@code frameworkVersion}
 * @param artifacts per mode, what its image is built from, relative to the module: the
 *     packaged app's directory or the native executable
 */
public record App(
    String name,
    String framework,
    String frameworkVersion,
    String frameworkVersionProperty,
    int port,
    String readinessPath,
    String healthPath,
    Pattern startupLogPattern,
    String module,
    Map<String, String> images,
    Map<String, String> artifacts) {

  /** What Docker accepts as a tag; a version that fits can replace another inside one. */
  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

  public App {
    required(name, "name");
    required(framework, "framework");
    required(frameworkVersion, "frameworkVersion");
    required(frameworkVersionProperty, "frameworkVersionProperty");
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
    return new App(name, framework, frameworkVersion, frameworkVersionProperty, port, readinessPath, healthPath,
        startupLogPattern, module, replaced, artifacts);
  }

  /**
   * This app as built with {@code -D<frameworkVersionProperty>=<version>}: the same app with
   * that framework version, and every image's tag naming it instead of the current one
   * (perflab/quarkus:3.37.3-jvm at 3.37.2 is perflab/quarkus:3.37.2-jvm).
   *
   * @throws IllegalArgumentException if {@code version} cannot be part of an image tag, or an
   *     image's tag does not contain the current version (then its name at another version is
   *     unknown)
   */
  public App atVersion(String version) {
    if (version == null || !TAG.matcher(version).matches()) {
      throw new IllegalArgumentException(name + ": '" + version + "' is not a framework version that can be part of an"
          + " image tag (letters, digits, '_', '.', '-'; up to 128 characters)");
    }
    Map<String, String> moved = new LinkedHashMap<>();
    images.forEach((mode, image) -> moved.put(mode, retag(mode, image, version)));
    return new App(name, framework, version, frameworkVersionProperty, port, readinessPath, healthPath,
        startupLogPattern, module, moved, artifacts);
  }

  private String retag(String mode, String image, String version) {
    int colon = image.lastIndexOf(':');
    // A colon before the last slash belongs to a registry's port, not to a tag.
    String tag = colon > image.lastIndexOf('/') ? image.substring(colon + 1) : "";
    if (!tag.contains(frameworkVersion)) {
      throw new IllegalArgumentException(name + ": the " + mode + " image " + image + " has no tag containing the"
          + " framework version " + frameworkVersion + ", so its name at " + version + " is unknown; in catalog.yaml,"
          + " tag it <name>:<version>-<mode> as the build does");
    }
    String moved = tag.replace(frameworkVersion, version);
    if (!TAG.matcher(moved).matches()) {
      throw new IllegalArgumentException(name + ": the " + mode + " image " + image + " at version " + version
          + " would be tagged '" + moved + "', which Docker refuses (over 128 characters)");
    }
    return image.substring(0, colon + 1) + moved;
  }
}
