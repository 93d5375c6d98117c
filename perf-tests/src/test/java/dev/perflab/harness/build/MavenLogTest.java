package dev.perflab.harness.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MavenLogTest {

  @Test
  void missingArtifactsAreNamedFirstThreeOfThem() {
    // As ./mvnw printed it for quarkus.platform.version=3.38.2 on the mirror here.
    List<String> log = List.of(
        "[WARNING] Could not find artifact org.example:optional:jar:1.0, building without it",
        "[INFO] BUILD FAILURE",
        "[ERROR] Failed to execute goal on project perflab-quarkus: Could not resolve dependencies for project"
            + " dev.perflab:perflab-quarkus:jar:0.1.0-SNAPSHOT",
        "[ERROR] dependency: io.quarkus:quarkus-rest-client-jackson:jar:3.38.2 (compile)",
        "[ERROR] \tCould not find artifact io.quarkus:quarkus-rest-client-jackson:jar:3.38.2 in central"
            + " (https://repo.maven.apache.org/maven2)",
        "[ERROR] dependency: io.quarkus:quarkus-smallrye-health:jar:3.38.2 (compile)",
        "[ERROR] \tCould not find artifact io.quarkus:quarkus-smallrye-health:jar:3.38.2 in central (https://repo.maven.apache.org/maven2)",
        "[ERROR] \tCould not find artifact io.quarkus:quarkus-flyway:jar:3.38.2 in central (https://repo.maven.apache.org/maven2)",
        "[ERROR] \tCould not find artifact io.quarkus:quarkus-jdbc-postgresql:jar:3.38.2 in central (https://repo.maven.apache.org/maven2)",
        "[ERROR] -> [Help 1]");

    assertThat(MavenLog.reason(log, "exited with 1")).isEqualTo("not in the Maven repository:"
        + " io.quarkus:quarkus-rest-client-jackson:3.38.2, io.quarkus:quarkus-smallrye-health:3.38.2,"
        + " io.quarkus:quarkus-flyway:3.38.2 and 1 more");
  }

  @Test
  void anArtifactMissingInAnEarlierBuildIsNamedToo() {
    // Maven caches the miss in the local repository and words it differently the next time.
    List<String> log = List.of(
        "[ERROR] dependency: org.springframework.boot:spring-boot-starter-flyway:jar:4.0.9 (compile)",
        "[ERROR] \torg.springframework.boot:spring-boot-starter-flyway:jar:4.0.9 was not found in"
            + " https://repo.maven.apache.org/maven2 during a previous attempt. This failure was cached in the local"
            + " repository and resolution is not reattempted until the update interval of central has elapsed");

    assertThat(MavenLog.reason(log, "exited with 1"))
        .isEqualTo("not in the Maven repository: org.springframework.boot:spring-boot-starter-flyway:4.0.9");
  }

  @Test
  void aVersionThatDoesNotExistIsItsMissingBomAndPlugin() {
    List<String> log = List.of(
        "[ERROR] Unresolveable build extension: Plugin io.quarkus.platform:quarkus-maven-plugin:3.99.9 or one of its"
            + " dependencies could not be resolved:",
        "[ERROR]     \tCould not find artifact io.quarkus.platform:quarkus-maven-plugin:jar:3.99.9 in central (https://repo.maven.apache.org/maven2)",
        "[ERROR] Non-resolvable import POM: The following artifacts could not be resolved: io.quarkus.platform:quarkus-bom:pom:3.99.9"
            + " (absent): Could not find artifact io.quarkus.platform:quarkus-bom:pom:3.99.9 in central (https://repo.maven.apache.org/maven2)");

    assertThat(MavenLog.reason(log, "exited with 1")).isEqualTo(
        "not in the Maven repository: io.quarkus.platform:quarkus-maven-plugin:3.99.9, io.quarkus.platform:quarkus-bom:3.99.9");
  }

  @Test
  void aFailedTrainingRunIsNamedRatherThanTheExecGoal() {
    List<String> log = List.of(
        "[aot-image] training database perflab/postgres:15 ready on network perflab-aot-training-1-2",
        "[aot-trainer] ERROR: quarkus: 3 of 540 training requests were answered wrongly",
        "[ERROR] Failed to execute goal org.codehaus.mojo:exec-maven-plugin:3.6.2:exec (aot-image) on project"
            + " perflab-quarkus: Command execution failed.: Process exited with an error: 1 (Exit value: 1) -> [Help 1]");

    assertThat(MavenLog.reason(log, "exited with 1"))
        .isEqualTo("[aot-trainer] ERROR: quarkus: 3 of 540 training requests were answered wrongly");
  }

  @Test
  void aFailedGoalComesWithItsFirstDetail() {
    List<String> log = List.of(
        "[ERROR] COMPILATION ERROR : ",
        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.15.0:compile (default-compile)"
            + " on project perflab-micronaut: Compilation failure",
        "[ERROR] /work/frameworks/micronaut/src/main/java/dev/perflab/app/Users.java:[12,8] cannot find symbol",
        "[ERROR] -> [Help 1]");

    assertThat(MavenLog.reason(log, "exited with 1")).isEqualTo("Failed to execute goal"
        + " org.apache.maven.plugins:maven-compiler-plugin:3.15.0:compile (default-compile) on project perflab-micronaut:"
        + " Compilation failure /work/frameworks/micronaut/src/main/java/dev/perflab/app/Users.java:[12,8] cannot find symbol");
  }

  @Test
  void otherwiseTheFirstErrorLineOrTheFallback() {
    assertThat(MavenLog.reason(List.of("[INFO] x", "[ERROR] ", "[ERROR] The goal you specified requires a project"),
        "exited with 1")).isEqualTo("The goal you specified requires a project");
    assertThat(MavenLog.reason(List.of("Killed"), "exited with 137")).isEqualTo("exited with 137");
  }

  @Test
  void theTailIsTheLastFortyLines() {
    List<String> lines = IntStream.rangeClosed(1, 100).mapToObj(Integer::toString).toList();

    assertThat(MavenLog.tail(lines)).hasSize(40).startsWith("61").endsWith("100");
    assertThat(MavenLog.tail(List.of("only"))).containsExactly("only");
  }
}
