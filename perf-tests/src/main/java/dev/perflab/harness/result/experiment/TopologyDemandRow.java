package dev.perflab.harness.result.experiment;

/**
 * What one request of a type costs one service, measured with that type alone at a low load: before the sweep,
 * the model's input; after it, the same again, to show how far the services' warm-up moved it while the sweep
 * ran.
 *
 * @param measured {@value #BEFORE} or {@value #AFTER} the sweep
 * @param unitIterations the kernel rounds one work unit was calibrated to for this app in this run
 * @param requests answered while its CPU was counted, by the scale's {@code demandUsers} users
 * @param cpuMillisPerRequest the service's CPU (its replicas' cgroups) over the requests answered
 * @param stationDemandMillis the same at the service's quota: how long a request holds its station alone
 * @param responseMillisAtOneUser the type's mean response time with one user (no queue anywhere), before the
 *     sweep; null after it
 */
public record TopologyDemandRow(String app, String mode, String variant, int repetition, String measured,
    String requestType, String service, long unitIterations, long requests, double cpuMillisPerRequest,
    double stationDemandMillis, Double responseMillisAtOneUser) {

  public static final String BEFORE = "before";
  public static final String AFTER = "after";

  public boolean beforeSweep() {
    return measured.equals(BEFORE);
  }
}
