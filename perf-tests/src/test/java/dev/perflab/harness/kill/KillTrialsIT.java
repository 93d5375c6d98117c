package dev.perflab.harness.kill;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kill tier ({@code ./mvnw -pl perf-tests -am -Pkill verify}): each documented command, killed at a chosen moment
 * with {@code kill -9} of Maven, of its forked JVM or of both, then run again uninterrupted; where the command's
 * figures are compared, also run once uninterrupted into a folder of its own. The commands run in a worktree of the
 * checkout's commit (its own {@code target/}, the same images), installed there first so that each trial's Maven
 * builds only perf-tests, as a second run of the command does; one trial kills the whole build while images build.
 * Each trial's row goes to {@code target/kill-trials/trials.md}, its logs beside it. Trials on the cluster need one
 * ({@code docker/kubernetes/cluster.sh start}) and are skipped without.
 */
@Tag("kill")
class KillTrialsIT {

  private static final Path LOGS = Path.of("target/kill-trials").toAbsolutePath();
  private static final Path WORKTREE = Path.of("target/kill-worktree").toAbsolutePath();

  @BeforeAll
  static void worktreeOfThisCommitInstalled() throws Exception {
    Files.createDirectories(LOGS);
    Path root = Path.of("..").toAbsolutePath().normalize();
    if (Files.isDirectory(WORKTREE)) {
      // A stopped tier's: of another commit, maybe.
      run(root, LOGS.resolve("worktree.log"), "git", "worktree", "remove", "--force", WORKTREE.toString());
    }
    run(root, LOGS.resolve("worktree.log"), "git", "worktree", "add", "--detach", WORKTREE.toString(), "HEAD");
    run(WORKTREE, LOGS.resolve("install.log"), "./mvnw", "-B", "-o", "-DskipTests", "install");
  }

  @AfterAll
  static void worktreeRemoved() throws Exception {
    run(Path.of("..").toAbsolutePath().normalize(), LOGS.resolve("worktree.log"), "git", "worktree", "remove",
        "--force", WORKTREE.toString());
  }

  static Stream<KillTrial> trials() {
    List<KillTrial> trials = new ArrayList<>();
    trials.add(whole("build-while-images-build", KillMoment.IMAGES_BUILD, KillTarget.BOTH));
    trials.add(maven("smoke-mid-launch", null, List.of("verify", "-Dit.test=SmokeIT", "-Dtest=NONE",
        "-Dsurefire.failIfNoSpecifiedTests=false"), KillMoment.MID_LAUNCH, 2, KillTarget.MAVEN, false));
    // The main command as the README gives it (it has no setting for fewer cells): its resume is a whole perf run.
    trials.add(maven("main-mid-load", null, List.of("-Pperf", "verify"), KillMoment.MID_LOAD, 1, KillTarget.FORK,
        false));
    trials.add(maven("compare-aa-mid-launch", null, List.of("-Pperf", "verify", "-Dperflab.compare=aa",
        "-Dperflab.cells=micronaut/jvm/1cpu-512m"), KillMoment.MID_LAUNCH, 3, KillTarget.MAVEN, false));
    // An experiment's trial kills at a later launch or set where it can, so that the killed run finished points first
    // (the media grid's and the topologies' smokes are one point each: its launch or set is killed).
    trials.add(experiment("limits-grid", "local", KillMoment.MACHINE_REFERENCE, 1, KillTarget.MAVEN));
    trials.add(experiment("cold-start", "local", KillMoment.MID_LAUNCH, 2, KillTarget.MAVEN));
    trials.add(experiment("limits-grid-media", "local", KillMoment.MID_LAUNCH, 1, KillTarget.FORK));
    trials.add(experiment("user-ramp", "local", KillMoment.MID_LOAD, 2, KillTarget.BOTH));
    trials.add(experiment("topology-offloading", "local", KillMoment.MID_SET_START, 1, KillTarget.MAVEN));
    trials.add(experiment("topology-product-catalog", "local", KillMoment.MID_SET_START, 1, KillTarget.FORK));
    trials.add(experiment("replication", "local", KillMoment.MID_SET_START, 2, KillTarget.BOTH));
    trials.add(experiment("gate-calibration", "local", KillMoment.MID_LAUNCH, 4, KillTarget.MAVEN));
    trials.add(experiment("cold-start", "kubernetes", KillMoment.CLUSTER_ROLLOUT, 3, KillTarget.MAVEN));
    trials.add(experiment("limits-grid", "kubernetes", KillMoment.MACHINE_REFERENCE, 1, KillTarget.FORK));
    trials.add(experiment("topology-product-catalog", "kubernetes", KillMoment.CLUSTER_ROLLOUT, 3, KillTarget.BOTH));
    trials.add(experiment("autoscaling", "kubernetes", KillMoment.CLUSTER_ROLLOUT, 2, KillTarget.FORK));
    // -Dperflab.kill.trials=cold-start-local,... runs those alone (a failed trial again, say).
    List<String> chosen = List.of(System.getProperty("perflab.kill.trials", "").split(",")).stream()
        .map(String::strip).filter(name -> !name.isEmpty()).toList();
    List<String> unknown = chosen.stream().filter(name -> trials.stream().noneMatch(trial -> trial.name().equals(name)))
        .toList();
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("perflab.kill.trials: no trial named " + unknown + "; the trials: "
          + trials.stream().map(KillTrial::name).toList());
    }
    return trials.stream().filter(trial -> chosen.isEmpty() || chosen.contains(trial.name()));
  }

  /** The whole reactor's perf run (images built first), as the README gives it. */
  private static KillTrial whole(String name, KillMoment moment, KillTarget target) {
    return new KillTrial(name, List.of("./mvnw", "-B", "-o", "-Pperf", "verify", "-Dperflab.experiment=cold-start",
        "-Dperflab.experiment.scale=smoke"), WORKTREE, WORKTREE.resolve("perf-tests/target/perf-report/experiment-"
        + "cold-start-smoke"), moment, 1, target, false);
  }

  private static KillTrial experiment(String experiment, String engine, KillMoment moment, int occurrence,
      KillTarget target) {
    String name = experiment + "-" + engine;
    // The folder the command writes by default: the experiment's, with its scale's name (ExperimentSettings).
    return maven(name, WORKTREE.resolve("perf-tests/target/perf-report/experiment-" + experiment + "-smoke"), List.of("-Pperf",
        "verify", "-Dperflab.experiment=" + experiment, "-Dperflab.experiment.scale=smoke", "-Dperflab.engine=" + engine),
        moment, occurrence, target, true);
  }

  /** A command of perf-tests alone, its sibling modules from the worktree's install. */
  private static KillTrial maven(String name, Path reportDir, List<String> arguments, KillMoment moment,
      int occurrence, KillTarget target, boolean compareFigures) {
    List<String> command = new ArrayList<>(List.of("./mvnw", "-B", "-o", "-pl", "perf-tests"));
    command.addAll(arguments);
    return new KillTrial(name, command, WORKTREE, reportDir, moment, occurrence, target, compareFigures);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trials")
  void aKilledCommandLeavesNothingItsNextRunCannotSweepAndItsNextRunPasses(KillTrial trial) throws Exception {
    if (trial.command().contains("-Dperflab.engine=kubernetes")) {
      Assumptions.assumeTrue(Leftovers.clusterAnswers(), "no cluster answers (docker/kubernetes/cluster.sh start)");
    }

    KillTrial.Result result = trial.run(LOGS);

    KillTrialReport.append(LOGS.resolve("trials.md"), result);
    assertThat(result.problems()).as("the trial (logs in %s)", LOGS).isEmpty();
  }

  private static void run(Path directory, Path log, String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed in " + directory + "; its log: " + log);
    }
  }
}
