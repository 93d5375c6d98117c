package dev.perflab.harness.experiment.coldstart;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.List;

/**
 * One scale of a cold-start experiment: every app x mode x database x image source, launched from zero
 * to one {@code repetitions} times each (the thesis: 50).
 */
public record ColdStartScale(List<String> apps, List<String> modes, List<DatabaseUse> databases,
    List<ImageSource> images, int repetitions) {

  public ColdStartScale {
    apps = nonEmpty(apps, "apps");
    modes = nonEmpty(modes, "modes");
    databases = nonEmpty(databases, "databases");
    images = nonEmpty(images, "images");
    if (repetitions < 1) {
      throw new IllegalArgumentException("'repetitions' must be at least 1, got " + repetitions);
    }
  }

  private static <T> List<T> nonEmpty(List<T> values, String field) {
    List<T> copy = List.copyOf(required(values, field));
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("'" + field + "' names at least one");
    }
    if (copy.stream().distinct().count() < copy.size()) {
      throw new IllegalArgumentException("'" + field + "' names one twice: " + copy);
    }
    return copy;
  }
}
