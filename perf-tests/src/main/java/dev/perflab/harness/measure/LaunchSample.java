package dev.perflab.harness.measure;

/**
 * Everything measured in one launch of one cell: a fresh container, from Docker's start call
 * to 1,000 warm-up requests later.
 *
 * @param discarded the cell's first launch, measured but left out of its statistics (cold
 *     page cache, first class loading from a fresh image layer)
 * @param timeToFirstOkMillis from just before Docker's start call to the first 200 from the
 *     readiness path
 * @param startedAtToFirstOkMillis from Docker's State.StartedAt to the first 200: leaves out
 *     the daemon's own start work
 * @param frameworkReportedStartupMillis what the framework logs as its startup time; null for
 *     an app without a startup log pattern
 * @param cpuSecondsUntilReady CPU time the container used until the first 200 (cgroup cpuacct)
 * @param firstOkPollAttempts how many polls the probe made until the first 200
 * @param meanPollIntervalMillis mean time between two polls: the resolution of the timing
 * @param aotCacheMappedBytes how much of the mode's AOT cache the JVM had mapped at the first
 *     200 (0 in a mode without one; an AOT launch with 0 fails instead)
 * @param effectiveLimits the limits as the JVM inside saw them; null in a mode without a JVM
 */
public record LaunchSample(
    int repetition,
    boolean discarded,
    double timeToFirstOkMillis,
    double startedAtToFirstOkMillis,
    Double frameworkReportedStartupMillis,
    double cpuSecondsUntilReady,
    long rssBytesAtFirstOk,
    long cgroupMemoryBytesAtFirstOk,
    long rssBytesAfterWarmup,
    long cgroupMemoryBytesAfterWarmup,
    int firstOkPollAttempts,
    double meanPollIntervalMillis,
    long aotCacheMappedBytes,
    EffectiveLimits effectiveLimits,
    String containerId) {}
