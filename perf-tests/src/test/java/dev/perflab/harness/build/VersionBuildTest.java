package dev.perflab.harness.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VersionBuildTest {

  private final Catalog catalog = CatalogLoader.bundled();
  private final App quarkus = catalog.apps().stream().filter(app -> app.name().equals("quarkus")).findFirst().orElseThrow();
  private final Mode jvm = catalog.mode("jvm");
  private final Mode aot = catalog.mode("aot");
  private final Mode nativeMode = catalog.mode("native");

  @TempDir
  Path dir;

  @Test
  void theCommandSetsTheVersionPropertyAndBuildsTheModuleWithWhatItNeeds() {
    assertThat(VersionBuild.command(Path.of("/p"), quarkus, "3.37.2", List.of(jvm, aot))).containsExactly(
        "/p/mvnw", "-B", "-pl", "frameworks/quarkus", "-am", "package", "-DskipTests", "-Dquarkus.platform.version=3.37.2");
    assertThat(VersionBuild.command(Path.of("/p"), quarkus, "3.37.2", List.of(jvm)))
        .endsWith("-Dquarkus.platform.version=3.37.2", "-Dperflab.aot.skip=true");
  }

  @Test
  void oneModeIsBuiltWithItsOwnCatalogArguments() {
    for (Mode mode : catalog.modes()) {
      assertThat(VersionBuild.modeArguments(List.of(mode))).as(mode.name()).isEqualTo(mode.buildArguments());
    }
  }

  @Test
  void severalModesKeepNoSwitchThatTurnsOneOfThemOff() {
    assertThat(VersionBuild.modeArguments(List.of(jvm, aot))).isEmpty();
    assertThat(VersionBuild.modeArguments(List.of(jvm, nativeMode))).containsExactly("-Dperflab.aot.skip=true", "-Pnative");
    assertThat(VersionBuild.modeArguments(List.of(aot, nativeMode))).containsExactly("-Dperflab.jvm.skip=true", "-Pnative");
    assertThat(VersionBuild.modeArguments(catalog.modes())).containsExactly("-Pnative");
  }

  @Test
  void aFailedBuildNamesTheVersionTheReasonAndTheLog() throws Exception {
    Path project = project("""
        echo "[INFO] Scanning for projects..."
        echo "[ERROR] dependency: io.quarkus:quarkus-rest-client-jackson:jar:3.38.2 (compile)"
        echo "[ERROR] 	Could not find artifact io.quarkus:quarkus-rest-client-jackson:jar:3.38.2 in central"
        echo "[ERROR] -> [Help 1]"
        exit 1
        """);

    VersionBuildResult result = new VersionBuild(project, dir.resolve("logs"), Duration.ofMinutes(1), null)
        .build(quarkus, "3.38.2", List.of(jvm));

    Path log = dir.resolve("logs/quarkus-3.38.2-jvm.log");
    assertThat(result.built()).isFalse();
    assertThat(failure(result).headline()).isEqualTo("quarkus 3.38.2 did not build: not in the Maven repository:"
        + " io.quarkus:quarkus-rest-client-jackson:3.38.2 (log: " + log + ")");
    assertThat(result.log()).isEqualTo(log);
    assertThat(failure(result).logTail()).hasSize(4).startsWith("[INFO] Scanning for projects...");
    assertThat(result.images()).isEmpty();
    assertThat(result.command()).contains("-Dquarkus.platform.version=3.38.2", "-Dperflab.aot.skip=true");
  }

  @Test
  void aBuildThatRunsTooLongIsStoppedWithItsChildrenAndReported() throws Exception {
    // The background sleep stands for Maven's children (a docker build), which must not outlive it;
    // exec: no shell is left to report its killed child ("Killed") into the log.
    Path project = project("sleep 600 &\necho started\nexec sleep 600\n");
    ExpiresOnceStarted limit = new ExpiresOnceStarted(dir.resolve("logs/quarkus-3.37.2-jvm+aot.log"));

    VersionBuildResult result = new VersionBuild(project, dir.resolve("logs"), limit, null)
        .build(quarkus, "3.37.2", List.of(jvm, aot));

    assertThat(failure(result).headline()).startsWith("quarkus 3.37.2 did not build: did not finish within 5 s (log: ");
    assertThat(failure(result).logTail()).containsExactly("started");
    assertThat(limit.running).hasSizeGreaterThanOrEqualTo(2).allSatisfy(process -> assertThat(process.onExit())
        .as("pid %d, stopped with the build", process.pid()).succeedsWithin(Duration.ofMinutes(1)));
  }

  @Test
  void theClocksLimitExpiresOnABuildThatOutlastsItAndNotOnOneThatHasEnded() throws Exception {
    BuildTimeLimit limit = BuildTimeLimit.of(Duration.ofMillis(200));
    Process endless = new ProcessBuilder("sleep", "600").start();
    try {
      assertThat(limit.awaitExit(endless)).isFalse();
    } finally {
      endless.destroyForcibly().waitFor();
    }
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    assertThat(limit.awaitExit(ended)).isTrue();
    assertThat(BuildTimeLimit.of(Duration.ofMinutes(30)).describe()).isEqualTo("30 min");
  }

  @Test
  void aCheckoutGivenByARelativePathIsBuiltWithItsOwnMavenWrapper() throws Exception {
    // perflab.project.dir is ".." by default: the build runs in the checkout, so a relative
    // "../mvnw" would name a wrapper beside it, not in it.
    Path project = project("echo \"[INFO] the checkout's wrapper\"\nexit 1\n");
    Path relative = Path.of("").toAbsolutePath().relativize(project);

    VersionBuildResult result = new VersionBuild(relative, dir.resolve("logs"), Duration.ofMinutes(1), null)
        .build(quarkus, "3.37.2", List.of(jvm));

    assertThat(failure(result).logTail()).containsExactly("[INFO] the checkout's wrapper");
    assertThat(Path.of(result.command().getFirst())).isEqualTo(project.resolve("mvnw"));
  }

  @Test
  void nothingIsRunForAVersionThatCannotTagAnImageOrWithoutModes() {
    VersionBuild build = new VersionBuild(dir, dir.resolve("logs"), Duration.ofMinutes(1), null);

    assertThatIllegalArgumentException().isThrownBy(() -> build.build(quarkus, "3.38.2 final", List.of(jvm)))
        .withMessageStartingWith("quarkus: '3.38.2 final' is not a framework version");
    assertThatIllegalArgumentException().isThrownBy(() -> build.build(quarkus, "3.37.2", List.of()))
        .withMessage("no mode to build quarkus 3.37.2 in");
    assertThat(dir.resolve("logs")).doesNotExist();
  }

  @Test
  void theBuildGetsAJavaHome() {
    Map<String, String> without = new HashMap<>(Map.of("PATH", "/usr/bin"));
    MavenProcess.withJavaHome(without, "/jdk-25");
    assertThat(without).containsEntry("JAVA_HOME", "/jdk-25");

    Map<String, String> with = new HashMap<>(Map.of("JAVA_HOME", "/usr/lib/jvm/temurin-25"));
    MavenProcess.withJavaHome(with, "/jdk-25");
    assertThat(with).containsEntry("JAVA_HOME", "/usr/lib/jvm/temurin-25");
  }

  @Test
  void theBuildUsesTheLocalRepositoryOfTheBuildRunningTheHarness() {
    List<String> command = List.of("/p/mvnw", "--offline", "package");
    assertThat(MavenProcess.withLocalRepository(command, "/tmp/repo"))
        .containsExactly("/p/mvnw", "-Dmaven.repo.local=/tmp/repo", "--offline", "package");
    assertThat(MavenProcess.withLocalRepository(command, null)).isEqualTo(command);
  }

  @Test
  void timeLimitsAreWordedForReaders() {
    assertThat(MavenProcess.describe(Duration.ofMinutes(30))).isEqualTo("30 min");
    assertThat(MavenProcess.describe(Duration.ofSeconds(90))).isEqualTo("90 s");
  }

  /** A project whose ./mvnw is this shell script. */
  private Path project(String script) throws IOException {
    Path project = Files.createDirectories(dir.resolve("project"));
    Path mvnw = project.resolve("mvnw");
    Files.writeString(mvnw, "#!/bin/sh\n" + script);
    Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
    return project;
  }

  /**
   * A time limit that expires once the build has written its first line, however long this machine
   * took to start it, and keeps the processes that were running then. The build is surely mid-way
   * when it is stopped: what is tested is the stopping, not a race with the machine's speed.
   */
  private static final class ExpiresOnceStarted implements BuildTimeLimit {

    private final Path log;
    final List<ProcessHandle> running = new ArrayList<>();

    ExpiresOnceStarted(Path log) {
      this.log = log;
    }

    @Override
    public boolean awaitExit(Process build) throws InterruptedException {
      long deadlineNanos = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (!started()) {
        if (System.nanoTime() > deadlineNanos) {
          throw new AssertionError("the fake build wrote no line within a minute: " + log);
        }
        Thread.sleep(10);
      }
      running.add(build.toHandle());
      build.descendants().forEach(running::add);
      return false;
    }

    @Override
    public String describe() {
      return "5 s";
    }

    private boolean started() {
      try {
        return Files.exists(log) && Files.readString(log).endsWith("\n");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static Outcome.Failed failure(VersionBuildResult result) {
    assertThat(result.outcome()).isInstanceOf(Outcome.Failed.class);
    return (Outcome.Failed) result.outcome();
  }
}
