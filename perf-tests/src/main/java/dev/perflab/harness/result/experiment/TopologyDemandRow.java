package dev.perflab.harness.result.experiment;

/**
 * What one request of a type costs one service, measured with one user alone before the sweep: the model's
 * input.
 *
 * @param unitIterations the kernel rounds one work unit was calibrated to for this app in this run
 * @param cpuMillisPerRequest the service's CPU (its replicas' cgroups) over the requests answered
 * @param stationDemandMillis the same at the service's quota: how long a request holds its station alone
 * @param responseMillisAtOneUser the type's mean response time with one user: no queue anywhere
 */
public record TopologyDemandRow(String app, String mode, String variant, int repetition, String requestType,
    String service, long unitIterations, long requests, double cpuMillisPerRequest, double stationDemandMillis,
    double responseMillisAtOneUser) {}
