package dev.perflab.gatling;

import io.gatling.javaapi.core.Simulation;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The command line that runs one simulation in a JVM of its own, the way gatling-maven-plugin
 * 4.21.12 forks it: {@code java <JVM options> -D<properties> -cp <classpath> io.gatling.app.Gatling
 * --simulation <class> --results-folder <dir>}, Gatling's main reached through {@link ForkedGatling},
 * which halts the JVM if the process that started it dies. Run it with {@link ProcessBuilder}; the exit
 * status says how it went: {@value #EXIT_OK} the run completed (a Ramp that stopped on its
 * condition included) and its assertions, if any, held; {@value #EXIT_ASSERTIONS_FAILED} an
 * assertion failed, the report is written all the same; {@value #EXIT_NO_RUN} no run: bad command
 * line arguments, or the simulation threw while being built (e.g. a bad {@code perflab.*} value,
 * named in the exception it prints), and then there is no report.
 *
 * <p>The report lands in a directory of its own under the results directory, named
 * {@code <simulation in lower case>-<UTC timestamp>}: read it with {@link GatlingReport}.
 *
 * <pre>{@code
 * List<String> command = GatlingCommand.of(Steady.class)
 *     .property("perflab.baseUrl", "http://localhost:8080")
 *     .property("perflab.rate", "200")
 *     .resultsDirectory(Path.of("target/gatling"))
 *     .toCommand();
 * }</pre>
 */
public final class GatlingCommand {

  public static final String MAIN_CLASS = ForkedGatling.class.getName();
  public static final int EXIT_OK = 0;
  public static final int EXIT_NO_RUN = 1;
  public static final int EXIT_ASSERTIONS_FAILED = 2;

  /**
   * The plugin's defaults for the Gatling JVM on Java 24+ (GatlingConstants in
   * gatling-enterprise-plugin-commons), less its heap dump on OOM: Netty and Scala reach into
   * java.lang and jdk.internal.misc, use sun.misc.Unsafe memory access and load native code
   * (epoll, brotli); the inlining limits suit Scala's deep call chains.
   */
  static final List<String> DEFAULT_JVM_OPTIONS = List.of(
      "-Xmx1G",
      "-XX:MaxInlineLevel=20",
      "-XX:MaxTrivialSize=12",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "--enable-native-access=ALL-UNNAMED");

  /**
   * Gatling settings every perflab run shares: no anonymous usage ping (the lab has no way out)
   * and warnings-only logging from this jar's logback file (Gatling prints its progress itself).
   */
  static final Map<String, String> DEFAULT_PROPERTIES = Map.of(
      "gatling.data.enableAnalytics", "false",
      "logback.configurationFile", "perflab-gatling-logback.xml");

  private final Class<? extends Simulation> simulation;
  private Path javaExecutable = Path.of(System.getProperty("java.home"), "bin", "java");
  private List<String> classpath = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
  private final List<String> jvmOptions = new ArrayList<>(DEFAULT_JVM_OPTIONS);
  private final Map<String, String> properties = new LinkedHashMap<>(DEFAULT_PROPERTIES);
  private Path resultsDirectory;
  private String runDescription;

  private GatlingCommand(Class<? extends Simulation> simulation) {
    this.simulation = simulation;
  }

  public static GatlingCommand of(Class<? extends Simulation> simulation) {
    return new GatlingCommand(Objects.requireNonNull(simulation, "simulation"));
  }

  /** Default: the {@code java} of the JVM building the command. */
  public GatlingCommand javaExecutable(Path java) {
    this.javaExecutable = java;
    return this;
  }

  /**
   * Default: this JVM's own class path, which holds this jar and Gatling when the caller
   * depends on perflab-gatling.
   */
  public GatlingCommand classpath(List<Path> entries) {
    this.classpath = entries.stream().map(Path::toString).toList();
    return this;
  }

  /** Added after the defaults, so a later {@code -Xmx} wins. */
  public GatlingCommand jvmOption(String option) {
    jvmOptions.add(option);
    return this;
  }

  /** A system property of the forked JVM: the simulation's {@code perflab.*} or a {@code gatling.*} setting. */
  public GatlingCommand property(String key, String value) {
    properties.put(key, value);
    return this;
  }

  /** Required: Gatling creates one directory per run in it. */
  public GatlingCommand resultsDirectory(Path directory) {
    this.resultsDirectory = directory;
    return this;
  }

  /** Shown at the top of the HTML report. */
  public GatlingCommand runDescription(String description) {
    this.runDescription = description;
    return this;
  }

  public List<String> toCommand() {
    if (resultsDirectory == null) {
      throw new IllegalStateException("no results directory: call resultsDirectory(...)");
    }
    List<String> command = new ArrayList<>();
    command.add(javaExecutable.toString());
    command.addAll(jvmOptions);
    properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
    command.add("-cp");
    command.add(classpath.stream().collect(Collectors.joining(File.pathSeparator)));
    command.add(MAIN_CLASS);
    command.add("--simulation");
    command.add(simulation.getName());
    command.add("--results-folder");
    command.add(resultsDirectory.toAbsolutePath().toString());
    if (runDescription != null) {
      // As the plugin does: Base64 survives any quoting; Gatling decodes it.
      command.add("--run-description");
      command.add(Base64.getEncoder().encodeToString(runDescription.getBytes(StandardCharsets.UTF_8)));
    }
    return command;
  }
}
