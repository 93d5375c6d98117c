package dev.perflab.harness.experiment.node;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LabFaults;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.ClosedLoop;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.result.ClosedLoadResult;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many rounds of the contract's CPU kernel make one work unit of {@code unitCpuMillis}, for one app on
 * this machine today: the app in a container of its own at one CPU, one user sending {@code GET /cpu} at a
 * small and a large round count, its cgroup's CPU per request at each. The difference over the difference
 * in rounds is the CPU of a round alone, without what serving a request costs around it; the model and
 * the measurement then share one unit, whatever the day's pace. Each count lasts as long as the scale's
 * counts of a type's demand ({@code demandSeconds}), after a warm-up as long at the large count.
 */
public final class WorkUnitCalibration {

  private static final Logger LOG = LoggerFactory.getLogger(WorkUnitCalibration.class);
  private static final int FEW_ROUNDS = 1;
  private static final int MANY_ROUNDS = 20_000;
  /** The small count's warm-up: its path is the large count's but for the kernel's loop. */
  private static final Duration FEW_WARMUP = Duration.ofSeconds(1);
  /** The container's start and stop, about. */
  private static final long LAUNCH_SECONDS = 8;

  /** The calibration: rounds per unit, and the CPU of a round it rests on. */
  public record Unit(long unitIterations, double nanosPerIteration) {}

  private WorkUnitCalibration() {}

  /** About how long a calibration takes whose counts last {@code seconds}. */
  public static long estimatedSeconds(int seconds) {
    return LAUNCH_SECONDS + FEW_WARMUP.toSeconds() + 3L * seconds;
  }

  /**
   * A calibration's outcome for a plan that calibrates an app once for all its points: the unit, or why there is
   * none, and whether that was the lab's fault ({@link LabFaults}), which each point it fails then records again so
   * that none of them is taken as finished.
   *
   * @param failure why there is no unit ("quarkus: the work unit could not be calibrated: ..."); null with one
   * @param labFault the lab's part in the failure; null when the app failed, or nothing did
   */
  public record Attempt(Unit unit, String failure, String labFault) {

    /** The failure as a point reports it, the lab's fault recorded again for the point. */
    public String failureFor(String pointId) {
      if (labFault != null) {
        LabFaults.record(pointId + ": " + labFault);
      }
      return failure;
    }
  }

  /** {@link #calibrate}, its failure caught and classified. */
  public static Attempt attempt(Lab lab, App app, Mode mode, double unitCpuMillis, Duration count) {
    try {
      Unit unit = calibrate(lab, app, mode, unitCpuMillis, count);
      LOG.info("{}: one work unit of {} ms of CPU is {} kernel rounds ({} ns each)", app.name(), unitCpuMillis,
          unit.unitIterations(), String.format(Locale.ROOT, "%.1f", unit.nanosPerIteration()));
      return new Attempt(unit, null, null);
    } catch (CellLaunchException e) {
      return new Attempt(null, app.name() + ": the work unit could not be calibrated, its container did not start: "
          + e.failure().describe(), e.labFault().orElse(null));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Attempt(null, app.name() + ": interrupted while calibrating the work unit", "interrupted");
    } catch (RuntimeException e) {
      return new Attempt(null, app.name() + ": the work unit could not be calibrated: " + e.getMessage(),
          LabFaults.of(e).orElse(null));
    }
  }

  public static Unit calibrate(Lab lab, App app, Mode mode, double unitCpuMillis, Duration count)
      throws CellLaunchException, InterruptedException {
    Cell cell = new Cell(app, mode, new ResourceProfile("calibration-1cpu-512m", CpuLimit.cores(1), 512));
    try (RunningSet set = lab.sets().start(ContainerSet.of(cell))) {
      InetSocketAddress address = set.only().address();
      HostCgroups cgroups = HostCgroups.ofProcess(set.only().replica().hostPid());
      drive(address, MANY_ROUNDS, count);
      drive(address, FEW_ROUNDS, FEW_WARMUP);
      double few = cpuNanosPerRequest(cgroups, address, FEW_ROUNDS, count);
      double many = cpuNanosPerRequest(cgroups, address, MANY_ROUNDS, count);
      double perIteration = (many - few) / (MANY_ROUNDS - FEW_ROUNDS);
      if (!(perIteration > 0)) {
        throw new IllegalStateException(app.name() + ": the kernel's CPU per round came out at " + perIteration
            + " ns (" + few + " ns per request at " + FEW_ROUNDS + " round, " + many + " at " + MANY_ROUNDS
            + "): the machine was too busy to calibrate the work unit");
      }
      return new Unit(Math.max(1, Math.round(unitCpuMillis * 1e6 / perIteration)), perIteration);
    }
  }

  private static double cpuNanosPerRequest(HostCgroups cgroups, InetSocketAddress address, int rounds,
      Duration count) throws InterruptedException {
    long before = cgroups.cpuUsageNanos();
    ClosedLoadResult result = drive(address, rounds, count);
    long after = cgroups.cpuUsageNanos();
    if (result.completed() == 0) {
      throw new IllegalStateException("GET /cpu?iterations=" + rounds + " was never answered while calibrating: "
          + result.errorSamples());
    }
    return (double) (after - before) / result.completed();
  }

  private static ClosedLoadResult drive(InetSocketAddress address, int rounds, Duration measure)
      throws InterruptedException {
    RequestMix request = RequestMix.single(new RequestSpec("GET", "/cpu?iterations=" + rounds, null, null, 200,
        "\"iterations\":" + rounds));
    ClosedModel oneUser = new ClosedModel(1, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ZERO, measure);
    return ClosedLoop.run(address, request, oneUser, measure);
  }
}
