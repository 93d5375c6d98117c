package dev.perflab.harness.experiment.topology;

/**
 * One second of one replica during a point, from the host's cgroup counters (differentiated), labelled with
 * what the users were doing then, and the answers of that second where it was a measured one.
 *
 * @param second from the sampler's start, on the clock every replica of the point shares
 * @param phase {@code warmup}, {@code demand <type>}, {@code settle}, {@code measure} or {@code demand after
 *     <type>}; null for a second outside them (the launch, a gap between phases)
 * @param mix the mix being driven then; null outside the sweep
 * @param replica the replica's name ({@code s1-1})
 * @param cpuCores its CPU in the second, in cores
 * @param answers the answers due in that second, for a measured second (the driver's window); else null
 * @param p95Millis their p95; null without answers
 */
public record TopologySecondRow(String app, String mode, String variant, int repetition, long second, String phase,
    Double mix, String replica, double cpuCores, long throttledPeriods, long periods, long memoryBytes, Long answers,
    Double p95Millis) {}
