package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.experiment.sweep.SweepPoint;

/** One point of the grid in one repetition: an app in a mode under a CPU and a memory limit. */
public record GridPoint(App app, Mode mode, CpuLimit cpus, long memoryMebibytes, int repetition)
    implements SweepPoint {

  /** The point as a cell of the lab, its limits a profile of their own ("0.5cpu-256m"). */
  public Cell cell() {
    return new Cell(app, mode, new ResourceProfile(cpus.cores() + "cpu-" + memoryMebibytes + "m", cpus, memoryMebibytes));
  }

  /** "quarkus/jvm/0.5cpu-256m #1": how logs and failures name it. */
  @Override
  public String id() {
    return cell().id() + " #" + (repetition + 1);
  }

  /** Its file among a run's finished points: one per point and repetition, safe in any file system. */
  @Override
  public String fileName() {
    return (cell().id() + "-r" + repetition).replace('/', '_') + ".json";
  }
}
