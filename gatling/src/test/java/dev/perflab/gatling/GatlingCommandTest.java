package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class GatlingCommandTest {

  @Test
  void forksGatlingsMainClassOnOneSimulation() {
    List<String> command = GatlingCommand.of(Steady.class)
        .javaExecutable(Path.of("/opt/jdk/bin/java"))
        .classpath(List.of(Path.of("/a.jar"), Path.of("/b.jar")))
        .property("perflab.baseUrl", "http://localhost:8080")
        .jvmOption("-Xmx2G")
        .resultsDirectory(Path.of("/tmp/results"))
        .toCommand();

    assertThat(command.getFirst()).isEqualTo("/opt/jdk/bin/java");
    assertThat(command).containsSubsequence(GatlingCommand.DEFAULT_JVM_OPTIONS);
    assertThat(command).contains("--add-opens=java.base/java.lang=ALL-UNNAMED",
        "-Dgatling.data.enableAnalytics=false", "-Dperflab.baseUrl=http://localhost:8080");
    assertThat(command.indexOf("-Xmx2G")).isGreaterThan(command.indexOf("-Xmx1G"));
    assertThat(command.subList(command.indexOf("-cp"), command.size())).containsExactly("-cp",
        "/a.jar:/b.jar", "dev.perflab.gatling.ForkedGatling", "--simulation", "dev.perflab.gatling.Steady",
        "--results-folder", "/tmp/results");
  }

  @Test
  void resultsDirectoryIsMadeAbsoluteAndTheDescriptionEncoded() {
    List<String> command = GatlingCommand.of(Ramp.class).resultsDirectory(Path.of("target/gatling"))
        .runDescription("quarkus/jvm 1cpu-512m").toCommand();
    assertThat(command.get(command.indexOf("--results-folder") + 1))
        .isEqualTo(Path.of("target/gatling").toAbsolutePath().toString());
    assertThat(command.subList(command.size() - 2, command.size()))
        .containsExactly("--run-description", "cXVhcmt1cy9qdm0gMWNwdS01MTJt");
  }

  @Test
  void defaultsToThisJvmsJavaAndClasspath() {
    List<String> command = GatlingCommand.of(Steady.class).resultsDirectory(Path.of("/r")).toCommand();
    assertThat(command.getFirst()).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    assertThat(command.get(command.indexOf("-cp") + 1).split(File.pathSeparator))
        .containsExactly(System.getProperty("java.class.path").split(File.pathSeparator));
  }

  @Test
  void aResultsDirectoryIsRequired() {
    assertThatThrownBy(() -> GatlingCommand.of(Steady.class).toCommand())
        .hasMessage("no results directory: call resultsDirectory(...)");
  }
}
