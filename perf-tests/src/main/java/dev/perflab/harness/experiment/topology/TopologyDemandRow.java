package dev.perflab.harness.experiment.topology;

/**
 * What one request of a type costs one service, measured with that type alone at a low load: before the sweep,
 * counted in rounds until two agree, the last the model's input; after it, the same again, to show how far the
 * services' warm-up moved it while the sweep ran.
 *
 * @param measured {@value #SETTLING} (a round before the sweep that did not yet agree with the one before it),
 *     {@value #BEFORE} the sweep (the model's), or {@value #AFTER} it
 * @param round the count's round before the sweep, from 1; null after it
 * @param settled before the sweep: whether this round agreed with the one before it (false where the rounds ran
 *     out first, or where one round was all the scale allows); null otherwise
 * @param unitIterations the kernel rounds one work unit was calibrated to for this app in this run
 * @param requests answered while its CPU was counted, by the scale's {@code demandUsers} users
 * @param cpuMillisPerRequest the service's CPU (its replicas' cgroups) over the requests answered, but its JIT
 *     compiler threads': what a request costs it once it is warm
 * @param compilerCpuMillisPerRequest its JIT compiler threads' CPU over the same requests, left out of the above
 * @param stationDemandMillis the same at the service's quota: how long a request holds its station alone
 * @param responseMillisAtOneUser the type's mean response time with one user (no queue anywhere), measured once
 *     the counts settled; null on the other rows
 * @param responseP50MillisAtOneUser its median, the same way: with the 90th percentile, how much one request's time
 *     varies with nothing to wait for
 * @param responseP90MillisAtOneUser its 90th percentile, the same way
 */
public record TopologyDemandRow(String app, String mode, String variant, int repetition, String measured,
    Integer round, Boolean settled, String requestType, String service, long unitIterations, long requests,
    double cpuMillisPerRequest, double compilerCpuMillisPerRequest, double stationDemandMillis,
    Double responseMillisAtOneUser, Double responseP50MillisAtOneUser, Double responseP90MillisAtOneUser) {

  public static final String SETTLING = "settling";
  public static final String BEFORE = "before";
  public static final String AFTER = "after";

  public boolean beforeSweep() {
    return measured.equals(BEFORE);
  }

  public boolean afterSweep() {
    return measured.equals(AFTER);
  }
}
