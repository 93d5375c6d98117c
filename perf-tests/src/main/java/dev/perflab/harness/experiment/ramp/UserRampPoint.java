package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.experiment.sweep.SweepPoint;

/** One ramp: an app in a mode under the experiment's limits, in one repetition. */
record UserRampPoint(App app, Mode mode, CpuLimit cpus, long memoryMebibytes, int repetition) implements SweepPoint {

  Cell cell() {
    return new Cell(app, mode, new ResourceProfile(cpus.cores() + "cpu-" + memoryMebibytes + "m", cpus,
        memoryMebibytes));
  }

  @Override
  public String id() {
    return app.name() + "/" + mode.name() + " #" + (repetition + 1);
  }

  @Override
  public String fileName() {
    return app.name() + "-" + mode.name() + "-r" + repetition + ".json";
  }
}
