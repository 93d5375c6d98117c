package dev.perflab.harness.config;

import java.util.Optional;
import java.util.function.Function;

/**
 * Reads one harness setting, by the one rule every setting follows: {@code -Dperflab.x.y} (a system
 * property, as {@code ./mvnw -Dperflab.x.y=...} passes it to the build and its tests) wins over the
 * environment variable {@code PERFLAB_X_Y}, which wins over the default. A blank value counts as
 * unset. A value that does not parse fails with the setting's name and the value.
 */
public final class Settings {

  private Settings() {}

  public static <T> T get(String name, Function<String, T> parse, T fallback) {
    String env = environmentName(name);
    Optional<String> raw = Optional.ofNullable(System.getProperty(name))
        .or(() -> Optional.ofNullable(System.getenv(env)))
        .filter(s -> !s.isBlank());
    try {
      return raw.map(parse).orElse(fallback);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("setting " + name + " (or " + env + ") = '" + raw.get()
          + "' is not valid: " + e.getMessage(), e);
    }
  }

  /**
   * The command that runs {@code base} again with the settings given now, environment variables and
   * system properties alike: "PERFLAB_CATALOG=own.yaml ./mvnw -Pperf verify -Dperflab.repetitions=10".
   */
  public static String rerun(String base) {
    StringBuilder command = new StringBuilder();
    System.getenv().entrySet().stream().filter(e -> e.getKey().startsWith("PERFLAB_") && !e.getValue().isBlank())
        .sorted(java.util.Map.Entry.comparingByKey())
        .forEach(e -> command.append(e.getKey()).append('=').append(quoted(e.getValue())).append(' '));
    command.append(base);
    System.getProperties().stringPropertyNames().stream().filter(name -> name.startsWith("perflab.")).sorted()
        .forEach(name -> command.append(" -D").append(name).append('=').append(quoted(System.getProperty(name))));
    return command.toString();
  }

  private static String quoted(String value) {
    return value.matches("[A-Za-z0-9_./:,=*{}@+-]*") ? value : "'" + value.replace("'", "'\\''") + "'";
  }

  /** {@code perflab.compare.baseline.results} is {@code PERFLAB_COMPARE_BASELINE_RESULTS}. */
  public static String environmentName(String name) {
    return name.toUpperCase(java.util.Locale.ROOT).replace('.', '_');
  }
}
