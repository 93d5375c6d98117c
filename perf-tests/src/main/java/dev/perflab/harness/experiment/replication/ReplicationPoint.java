package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.sweep.SweepPoint;

/** One configuration, launched once and loaded with its runs of sessions. */
record ReplicationPoint(App app, Mode mode, Configuration configuration) implements SweepPoint {

  @Override
  public String id() {
    return app.name() + "/" + mode.name() + "/" + configuration.name();
  }

  @Override
  public String fileName() {
    return app.name() + "-" + mode.name() + "-" + configuration.name().replaceAll("[^A-Za-z0-9-]", "_") + ".json";
  }
}
