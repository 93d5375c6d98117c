package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.sweep.SweepPoint;

/**
 * One zero-to-one launch: an app (given its database or not) in a mode, its image cached or pulled.
 *
 * @param app as the catalog has it: {@link ColdStartPlan} takes the database away for {@code WITHOUT}
 * @param discarded the first launch of its app, mode and database, before repetition 0
 */
record ColdStartPoint(App app, Mode mode, DatabaseUse database, ImageSource source, int repetition, boolean discarded)
    implements SweepPoint {

  @Override
  public String id() {
    return app.name() + "/" + mode.name() + " " + database.key() + "-db " + source.key()
        + (discarded ? " (discarded)" : " #" + repetition);
  }

  @Override
  public String fileName() {
    return app.name() + "-" + mode.name() + "-" + database.key() + "-db-" + source.key()
        + (discarded ? "-discarded" : "-" + repetition) + ".json";
  }

  String imageName() {
    return app.imageFor(mode);
  }
}
