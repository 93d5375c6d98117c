package dev.perflab.harness.kill;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kill trials that fit in the cluster tier's minutes: an experiment's smoke run in a harness JVM of its own,
 * killed at a chosen moment, then run again. A SIGKILL during the machine reference leaves the reference's container,
 * which the next run sweeps before it measures and names in its report; a SIGTERM mid-launch on the cluster (what the
 * forked JVM meets when Maven dies) must leave nothing, record no point measured while the lab went away, and the
 * next run must pass with no failed point resumed. The full set, on Maven's commands: {@code KillTrialsIT}.
 */
@Tag("cluster")
class KillIT {

  private static final Path LOGS = Path.of("target/kill-trials/cluster-tier");

  static Stream<KillTrial> trials() {
    return Stream.of(
        trial("limits-grid-reference-sigkill", "limits-grid", "local", KillMoment.MACHINE_REFERENCE, 1,
            KillTarget.JVM_SIGKILL),
        // The third pod: the lab's database, the discarded launch's (its point finished), then the next launch's.
        trial("cold-start-cluster-rollout-sigterm", "cold-start", "kubernetes", KillMoment.CLUSTER_ROLLOUT, 3,
            KillTarget.JVM_SIGTERM));
  }

  private static KillTrial trial(String name, String experiment, String engine, KillMoment moment, int occurrence,
      KillTarget target) {
    Path reportDir = Path.of("target/kill-report/" + name).toAbsolutePath();
    return new KillTrial(name, HarnessMain.command(List.of("-Dperflab.experiment=" + experiment,
        "-Dperflab.experiment.scale=smoke", "-Dperflab.engine=" + engine, "-Dperflab.report.dir=" + reportDir)),
        Path.of("").toAbsolutePath(), reportDir, moment, occurrence, target, false);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trials")
  void aKilledRunLeavesNothingItsNextRunCannotSweepAndResumesOnlyGoodPoints(KillTrial trial) throws Exception {
    if (trial.command().contains("-Dperflab.engine=kubernetes")) {
      Assumptions.assumeTrue(Leftovers.clusterAnswers(), "no cluster answers (docker/kubernetes/cluster.sh start)");
    }

    KillTrial.Result result = trial.run(LOGS);

    KillTrialReport.append(LOGS.resolve("trials.md"), result);
    assertThat(result.problems()).as("the trial (logs in %s)", LOGS.toAbsolutePath()).isEmpty();
    if (trial.occurrence() > 1) {
      assertThat(result.resumedPoints()).as("the next run resumes the point the killed one finished").isPositive();
    }
    if (!trial.target().runsShutdownHooks()) {
      assertThat(result.leftAfterKill()).as("a SIGKILL during the machine reference leaves its container").isNotEmpty();
      assertThat(result.sweptLine()).as("which the next run removes before it measures, saying so")
          .contains("removed").contains("container");
    }
  }
}
