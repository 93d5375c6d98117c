package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.stats.MeanInterval;

/**
 * One variant of a cold-start experiment (app, mode, database, image source) over its counted launches:
 * each time as a mean with its 95 % interval and a median. A time is null where no launch measured it.
 *
 * @param launches counted launches (measured, not discarded)
 * @param failed launches that failed
 * @param pulledBytes the median bytes a pull fetched; null for a cached image
 */
public record ColdStartVariant(
    String app,
    String mode,
    DatabaseUse database,
    ImageSource image,
    int launches,
    int failed,
    long imageSizeBytes,
    Long pulledBytes,
    MeanInterval pullMillis,
    MeanInterval createToStartMillis,
    MeanInterval timeToFirstOkMillis,
    MeanInterval frameworkReportedStartupMillis,
    MeanInterval zeroToOneMillis,
    MeanInterval beyondFrameworkMillis) {

  public String label() {
    return app + "/" + mode + ", " + database.key() + " database, " + image.key();
  }
}
