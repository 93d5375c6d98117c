package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One service under test: where it listens, how to tell it is ready, how it reports its own
 * startup time, its image per mode, and how perflab builds it, if it does. Any service can be
 * one, not only the framework apps: it needs an image per mode it is measured in, a port and a
 * path that answers 200 once it is ready.
 *
 * @param framework what the service is built with, or its own name (reported with the version)
 * @param frameworkVersionProperty the Maven property that sets the framework's version (its BOM
 *     and plugins, and through the module's {@code perflab.framework.version} its image tags):
 *     {@code -D<property>=<version>} builds the app at another version (see {@link #atVersion});
 *     null for a service perflab does not build at other versions
 * @param contract whether the service answers the perflab contract (docs/contract-v1.md, v2):
 *     only then do the parity test, the Gatling simulations and the JMH benchmarks, which
 *     exercise that contract, run against it
 * @param readinessPath the request that is timed: the first 200 to {@code GET} it is "ready"
 * @param startupLogPattern a regex with a named group {@code seconds} or {@code millis}
 *     matching the service's own "started in" log line, or null where it logs none: then it has
 *     no {@code frameworkReportedStartupMillis}; with a pattern, a launch without the line fails
 * @param module the app's Maven module, relative to the project root, whose {@code package}
 *     builds its images; null for a service perflab only runs (its images are built elsewhere)
 * @param images per mode the service is measured in, its image; a mode without one has no cells.
 *     For an upgrade check, the tag contains {@code frameworkVersion}
 * @param artifacts per mode, what its image is built from, relative to the module: the
 *     packaged app's directory or the native executable; null exactly when {@code module} is
 * @param load what the load driver sends it and at what rates, over the catalog's {@code load:}
 *     values; null for the catalog's throughout
 * @param profiles the catalog's resource profiles the app is measured under, by name; null for all
 * @param uses what of the lab (database, downstream stub) the app calls: only that is started and
 *     named in its environment
 * @param environment variables its containers get beside the lab's addresses and the JVM options, e.g. a
 *     framework switch that makes another variant of the same image (empty when left out)
 * @param nodeScheduling how its service node (contract v4) schedules the requests it holds, which a topology's
 *     model serves it by; {@link NodeScheduling#TIME_SLICED} when left out
 */
public record App(
    String name,
    String framework,
    String frameworkVersion,
    String frameworkVersionProperty,
    boolean contract,
    int port,
    String readinessPath,
    Pattern startupLogPattern,
    String module,
    Map<String, String> images,
    Map<String, String> artifacts,
    AppLoad load,
    List<String> profiles,
    List<LabService> uses,
    @JacksonInject(StrictYaml.ABSENT + "environment") Map<String, String> environment,
    @JacksonInject(StrictYaml.ABSENT + "nodeScheduling") NodeScheduling nodeScheduling) {

  /** What Docker accepts as a tag; a version that fits can replace another inside one. */
  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

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
    profiles = profiles == null ? null : List.copyOf(profiles);
    if (profiles != null && profiles.isEmpty()) {
      throw new IllegalArgumentException("'profiles' names at least one profile, or is null for all of them");
    }
    uses = List.copyOf(required(uses, "uses"));
    environment = environment == null ? Map.of() : Map.copyOf(environment);
    nodeScheduling = nodeScheduling == null ? NodeScheduling.TIME_SLICED : nodeScheduling;
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

  /** Whether the app is measured under {@code profile}: the catalog's profiles, or its own choice of them. */
  public boolean measuredUnder(ResourceProfile profile) {
    return profiles == null || profiles.contains(profile.name());
  }

  public boolean uses(LabService service) {
    return uses.contains(service);
  }

  public String imageFor(Mode mode) {
    return images.get(mode.name());
  }

  /**
   * This app's image run as another variant: named {@code variant}, its containers given {@code extra}
   * variables beside its own (a framework switch such as Spring's virtual threads).
   */
  public App variant(String variant, Map<String, String> extra) {
    Map<String, String> merged = new LinkedHashMap<>(environment);
    merged.putAll(extra);
    return new App(variant, framework, frameworkVersion, frameworkVersionProperty, contract, port, readinessPath,
        startupLogPattern, module, images, artifacts, load, profiles, uses, merged, nodeScheduling);
  }

  /** The same app with {@code image} in mode {@code modeName}: one side of an A/B comparison. */
  public App withImage(String modeName, String image) {
    Map<String, String> replaced = new HashMap<>(images);
    replaced.put(modeName, image);
    return new App(name, framework, frameworkVersion, frameworkVersionProperty, contract, port, readinessPath,
        startupLogPattern, module, replaced, artifacts, load, profiles, uses, environment, nodeScheduling);
  }

  /**
   * The same app without {@code service}: launched, it is not told of it (no database of its own,
   * no {@code DATABASE_*} variables for {@link LabService#DATABASE}), as when it runs where there is none.
   */
  public App without(LabService service) {
    return new App(name, framework, frameworkVersion, frameworkVersionProperty, contract, port, readinessPath,
        startupLogPattern, module, images, artifacts, load, profiles,
        uses.stream().filter(used -> used != service).toList(), environment, nodeScheduling);
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
    return new App(name, framework, version, frameworkVersionProperty, contract, port, readinessPath,
        startupLogPattern, module, moved, artifacts, load, profiles, uses, environment, nodeScheduling);
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
