package dev.perflab.harness.experiment.topology;

/**
 * One request type (or {@code all} of them) at one mix of one point: measured, and as the model predicted it
 * before the sweep, at the experiment's population and at the study's.
 *
 * @param mix the first request type's share of the requests (of the users, where each keeps its type); null on the
 *     row of a point that measured nothing
 * @param users the users sending this type (all users for {@code all}); where each request's type is drawn
 *     ({@link TypeDraw#PER_REQUEST}), the type's expected share of the users, shared out as if each kept a type
 *     (largest remainder, {@code ClosedLoop.classSizes}): every user sends both types
 * @param predictedResponseMillis the model's mean response time at the experiment's population
 * @param studyPopulationResponseMillis the same at the study's population
 * @param failure why the point measured nothing (its launch failed), or the first error samples; else null
 */
public record TopologyMixRow(String app, String mode, String variant, int repetition, Double mix, String requestType,
    int users, long completed, long errors, double throughputPerSecond, Double meanMillis, Double p50Millis,
    Double p95Millis, Double predictedResponseMillis, Double predictedThroughputPerSecond,
    Double studyPopulationResponseMillis, String failure) {

  /** The row of every type together. */
  public static final String ALL = "all";

  public boolean measured() {
    return meanMillis != null;
  }

  public String variantKey() {
    return variantKey(app, variant);
  }

  /** How a variant of an app is keyed ("quarkus/w5"), by every topology table that is joined on it. */
  public static String variantKey(String app, String variant) {
    return app + "/" + variant;
  }
}
