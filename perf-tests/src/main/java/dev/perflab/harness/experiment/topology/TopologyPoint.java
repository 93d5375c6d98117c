package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.sweep.SweepPoint;

/** One launch of a variant's services, every one the app in the mode, in one repetition: every mix of the scale. */
record TopologyPoint(App app, Mode mode, TopologyVariant variant, int repetition) implements SweepPoint {

  @Override
  public String id() {
    return app.name() + "/" + mode.name() + "/" + variant.name() + " #" + (repetition + 1);
  }

  @Override
  public String fileName() {
    return app.name() + "-" + mode.name() + "-" + variant.name() + "-r" + repetition + ".json";
  }
}
