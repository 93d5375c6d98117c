package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.sweep.SweepPoint;

/** One run of one framework: a fresh set, autoscaled through the schedule. */
record AutoscalingPoint(App app, Mode mode, int run) implements SweepPoint {

  @Override
  public String id() {
    return app.name() + "/" + mode.name() + " run " + (run + 1);
  }

  @Override
  public String fileName() {
    return app.name() + "-" + mode.name() + "-run-" + (run + 1) + ".json";
  }
}
