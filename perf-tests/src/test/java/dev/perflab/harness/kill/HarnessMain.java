package dev.perflab.harness.kill;

import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.run.RunReport;
import dev.perflab.harness.run.Runner;
import java.util.List;

/**
 * A run of the harness in a JVM of its own, as Surefire's fork runs it under {@code ./mvnw -Pperf verify}: the
 * settings from system properties, exit code 0 when every check passed and no part reported a problem. The kill
 * trials of the test command kill this JVM, where a Maven run would take a minute to build first.
 */
public final class HarnessMain {

  private HarnessMain() {}

  public static void main(String[] args) throws Exception {
    RunReport report = Runner.run(HarnessConfig.load());
    List<String> problems = report.parts().stream().flatMap(part -> part.problems().stream()).toList();
    boolean broken = report.checks().stream().anyMatch(check -> check.broken());
    problems.forEach(problem -> System.err.println("problem: " + problem));
    System.exit(broken || !problems.isEmpty() ? 1 : 0);
  }

  /** The command that runs it with this JVM's class path and options, with {@code properties} (-Dk=v each). */
  static List<String> command(List<String> properties) {
    List<String> command = new java.util.ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
        "--enable-native-access=ALL-UNNAMED", "--add-exports", "jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path")));
    command.addAll(properties);
    command.add(HarnessMain.class.getName());
    return List.copyOf(command);
  }
}
