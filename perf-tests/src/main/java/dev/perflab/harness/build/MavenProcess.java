package dev.perflab.harness.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one Maven command of the project, its whole output into a log file, within a time limit.
 * The build gets the harness's environment; without a JAVA_HOME there, it gets the harness's own
 * JDK (25, as the harness requires), so ./mvnw does not have to guess one. It uses the local
 * repository of the Maven build that runs the harness (surefire and failsafe pass it as the
 * {@code localRepository} system property): an offline build finds there what that build
 * downloaded, also when it was given {@code -Dmaven.repo.local}.
 */
final class MavenProcess {

  private MavenProcess() {}

  static void run(List<String> command, Path projectDir, Path log, Duration timeout)
      throws IOException, InterruptedException, BuildFailedException {
    run(command, projectDir, log, BuildTimeLimit.of(timeout));
  }

  static void run(List<String> command, Path projectDir, Path log, BuildTimeLimit limit)
      throws IOException, InterruptedException, BuildFailedException {
    Files.createDirectories(log.toAbsolutePath().getParent());
    ProcessBuilder builder = new ProcessBuilder(withLocalRepository(command, System.getProperty("localRepository")))
        .directory(projectDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile());
    withJavaHome(builder.environment(), System.getProperty("java.home"));
    Process build = builder.start();
    if (!limit.awaitExit(build)) {
      // Maven's children first (docker build, the AOT image script): they would outlive it.
      build.descendants().forEach(ProcessHandle::destroyForcibly);
      build.destroyForcibly().waitFor();
      String reason = "did not finish within " + limit.describe();
      throw new BuildFailedException(reason + "; log: " + log, log, reason,
          MavenLog.tail(MavenLog.read(log)));
    }
    if (build.exitValue() != 0) {
      List<String> lines = MavenLog.read(log);
      List<String> tail = MavenLog.tail(lines);
      throw new BuildFailedException(String.join(" ", command) + " exited with " + build.exitValue()
          + "; last lines of " + log + ":\n" + String.join("\n", tail),
          log, MavenLog.reason(lines, "exited with " + build.exitValue()), tail);
    }
  }

  /** "30 min", or "90 s" for a limit that is not whole minutes. */
  static String describe(Duration timeout) {
    return timeout.toSecondsPart() == 0 && timeout.toMinutes() > 0
        ? timeout.toMinutes() + " min" : timeout.toSeconds() + " s";
  }

  /** The command with {@code -Dmaven.repo.local=<localRepository>} after the executable, if one is given. */
  static List<String> withLocalRepository(List<String> command, String localRepository) {
    if (localRepository == null || localRepository.isBlank()) {
      return command;
    }
    List<String> result = new ArrayList<>(command);
    result.add(1, "-Dmaven.repo.local=" + localRepository);
    return List.copyOf(result);
  }

  /** Keeps a JAVA_HOME the environment names; otherwise sets {@code javaHome}. */
  static void withJavaHome(Map<String, String> environment, String javaHome) {
    String present = environment.get("JAVA_HOME");
    if (present == null || present.isBlank()) {
      environment.put("JAVA_HOME", javaHome);
    }
  }
}
