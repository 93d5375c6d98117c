package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.List;

/**
 * How an app is built and run.
 *
 * @param aotCache the JDK AOT cache every launch must have mapped (the proof it is used), or
 *     null for a mode without one
 * @param aotTrainingRecord the file in the image that says how the cache was trained, or null
 * @param toolchain the build tool the mode's images need (e.g. native-image), or null: where it
 *     is missing and the image was not built, the mode's cells are unavailable, not failed
 * @param jvm whether the image runs a JVM: then the JVM options apply, and the limits are
 *     proven from inside the container with {@code java -XshowSettings:system}
 * @param buildArguments what {@code ./mvnw package} needs to build this mode alone (the
 *     build-cost measurement)
 */
public record Mode(
    String name,
    String description,
    String aotCache,
    String aotTrainingRecord,
    String toolchain,
    boolean jvm,
    List<String> buildArguments) {

  public Mode {
    required(name, "name");
    required(description, "description");
    buildArguments = List.copyOf(required(buildArguments, "buildArguments"));
  }
}
