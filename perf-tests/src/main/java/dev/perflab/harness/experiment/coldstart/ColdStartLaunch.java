package dev.perflab.harness.experiment.coldstart;

/**
 * One zero-to-one launch of a cold-start experiment: a row of its dataset. Times are null for a launch
 * that failed ({@code failure}), the pull's figures for a cached one.
 *
 * @param discarded the first launch of its app, mode and database, before any repetition: measured,
 *     left out of every statistic (a cold page cache, the harness's own first calls)
 * @param imageSizeBytes the image's size on the engine, uncompressed (as {@code docker images} shows it)
 * @param pulledBytes compressed bytes the pull fetched (the layers not on the engine, and the image's
 *     configuration)
 * @param pulledLayers layers the pull fetched; {@code presentLayers} were on the engine already (0 when
 *     the image's layers were all taken away first, as they are)
 * @param pullMillis the pull, from its call to the image on the engine; 0 for a cached image
 * @param createToStartMillis from asking for the container to Docker's start call
 * @param timeToFirstOkMillis from Docker's start call to the first 200 from the readiness path
 * @param frameworkReportedStartupMillis what the framework logs as its startup; null without a pattern
 * @param zeroToOneMillis pull, create and start to first OK: the platform's whole zero to one
 * @param beyondFrameworkMillis zero to one less the framework's own startup: the time the platform and
 *     the JVM's own start add (null without a framework-reported figure)
 * @param failure why the launch failed, with the container's log; null for a measured launch
 */
public record ColdStartLaunch(
    String app,
    String mode,
    DatabaseUse database,
    ImageSource image,
    int repetition,
    boolean discarded,
    String imageId,
    long imageSizeBytes,
    Long pulledBytes,
    Integer pulledLayers,
    Integer presentLayers,
    double pullMillis,
    Double createToStartMillis,
    Double timeToFirstOkMillis,
    Double frameworkReportedStartupMillis,
    Double zeroToOneMillis,
    Double beyondFrameworkMillis,
    String failure) {

  /** "quarkus/jvm without database, pulled": what its statistics are grouped by. */
  public String variant() {
    return app + "/" + mode + " " + database.key() + " database, " + image.key();
  }

  public boolean measured() {
    return failure == null;
  }

  /** Measured and not discarded: it counts. */
  public boolean counted() {
    return measured() && !discarded;
  }
}
