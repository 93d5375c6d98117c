package dev.perflab.harness.experiment.replication;

/**
 * One step of the session (or {@value #ALL}, every step together) in one run of one configuration: the
 * study's columns. Planned counts every session the injection started times its steps, so a step a stopped
 * session never sent counts against the effective failure ratio; the latency buckets and Apdex are of the
 * answers that came back; a run that could not be made has only its failure.
 *
 * @param run from 0
 * @param faulted whether a replica was killed during this run
 * @param koStatus4xx a 4xx where another status was expected (a 404 expected after the delete is OK)
 * @param koStatusOther another unexpected status (1xx to 3xx), or a create answered without an id
 * @param koNoAnswer no status: the connection refused, reset or closed
 * @param koTimeout no answer within the request timeout
 * @param okUnder800 OK answers under 800 ms; the next two, under 1,200 ms and the rest
 * @param apdex (satisfied + tolerating / 2) / sent, failures frustrated
 * @param under800Share OK answers under 800 ms over those sent: the study's "answers under 800 ms"
 */
record StepRow(String configuration, String version, String shape, String balancer, int run, boolean faulted,
    String step, long planned, long sent, long ok, long ko, long koStatus4xx, long koStatus5xx, long koStatusOther,
    long koNoAnswer, long koTimeout, long okUnder800, long ok800To1200, long okFrom1200, double apdex,
    double effectiveFailureRatio, double under800Share, double okP50Millis, double okP99Millis, String failure) {

  static final String ALL = "all";

  boolean measured() {
    return failure == null;
  }

  boolean all() {
    return step.equals(ALL);
  }
}
