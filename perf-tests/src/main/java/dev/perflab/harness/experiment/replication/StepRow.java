package dev.perflab.harness.experiment.replication;

/**
 * One step of the session (or {@value #ALL}, every step together) in one run of one configuration: the
 * study's columns. A preflight is a step of its own, a sample as the study's Gatling counted it. Planned counts
 * every session the injection started times its steps, so a step a stopped session never sent counts against the
 * effective failure ratio; the latency buckets are of the answers that came back; a run that could not be made
 * has only its failure.
 *
 * @param run from 0
 * @param faulted whether a replica was killed during this run
 * @param koStatus4xx a 4xx where another status was expected (a 404 expected after the delete is OK)
 * @param koStatusOther another unexpected status (1xx to 3xx), or a create answered without an id
 * @param koNoAnswer no status: the connection refused, reset or closed
 * @param koTimeout no answer within the request timeout
 * @param okBelow800Millis OK answers under 800 ms; the next two, under 1,200 ms and the rest
 * @param apdex (satisfied + tolerating / 2) / sent, failures frustrated
 * @param below800MillisShareOfOk OK answers under 800 ms over the OK answers: the study's "answers under 800
 *     ms", which its findings are judged on; 0 when none was OK
 * @param below800MillisShareOfSent the same answers over the requests sent, a failure counting against it
 */
record StepRow(String configuration, String version, String shape, String balancer, int run, boolean faulted,
    String step, long planned, long sent, long ok, long ko, long koStatus4xx, long koStatus5xx, long koStatusOther,
    long koNoAnswer, long koTimeout, long okBelow800Millis, long okFrom800To1200Millis, long okAtOrAbove1200Millis,
    double apdex, double effectiveFailureRatio, double below800MillisShareOfOk, double below800MillisShareOfSent,
    double okP50Millis, double okP99Millis, String failure) {

  static final String ALL = "all";

  /** A run that could not be made: every request planned counts as failed, and it says why. */
  static StepRow failed(Configuration configuration, int run, boolean faulted, String why) {
    return new StepRow(configuration.name(), configuration.version(), configuration.shape(), configuration.balancer(),
        run, faulted, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, why);
  }

  boolean measured() {
    return failure == null;
  }

  boolean all() {
    return step.equals(ALL);
  }
}
