package dev.perflab.harness.result;

import dev.perflab.harness.metric.Metric;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Everything measured in one launch of one cell: a fresh container, from Docker's start call
 * to 1,000 warm-up requests later.
 *
 * @param discarded the cell's first launch, measured but left out of its statistics (cold
 *     page cache, first class loading from a fresh image layer)
 * @param timeToFirstOkMillis from just before Docker's start call to the first 200 from the
 *     readiness path
 * @param startedAtToFirstOkMillis from Docker's State.StartedAt to the first 200: leaves out
 *     the daemon's own start work; null where the engine knows the start only to the second (a cluster's pod
 *     status, the harness not on the node)
 * @param frameworkReportedStartupMillis what the framework logs as its startup time; null for
 *     an app without a startup log pattern
 * @param cpuSecondsUntilReady CPU time the container used until the first 200 (cgroup cpuacct)
 * @param firstOkPollAttempts how many polls the probe made until the first 200
 * @param meanPollIntervalMillis mean time between two polls: the resolution of the timing
 * @param aotCacheMappedBytes how much of the mode's AOT cache the JVM had mapped at the first
 *     200 (0 in a mode without one; an AOT launch with 0 fails instead)
 * @param rssBytesAtFirstOk null where the engine cannot read it (a cluster's kubelet whose runtime does not report
 *     it); so {@code cgroupMemoryBytesAtFirstOk}
 * @param rssBytesAfterWarmup null for a launch that skipped the warm-up ({@code launch.LaunchSteps}), or as
 *     {@code rssBytesAtFirstOk}
 * @param effectiveLimits the limits as the JVM inside saw them; null in a mode without a JVM, and for
 *     a launch that did not prove them (each cell proves them once)
 * @param imageId the ID of the image the container ran ({@code sha256:...}), as the engine created it:
 *     what a report says was measured comes from here, not from the name asked for
 * @param phases where the launch's wall time went
 * @param jvmCountersAtFirstOk the JVM's own counters at the first 200; null where it writes none (a native image) or
 *     the engine cannot read them (a pod on a node the harness is not on)
 * @param jvmCountersAfterWarmup the same after the warm-up; null also for a launch that skipped it
 */
public record LaunchSample(
    int repetition,
    boolean discarded,
    double timeToFirstOkMillis,
    Double startedAtToFirstOkMillis,
    Double frameworkReportedStartupMillis,
    double cpuSecondsUntilReady,
    Long rssBytesAtFirstOk,
    Long cgroupMemoryBytesAtFirstOk,
    Long rssBytesAfterWarmup,
    Long cgroupMemoryBytesAfterWarmup,
    int firstOkPollAttempts,
    double meanPollIntervalMillis,
    long aotCacheMappedBytes,
    EffectiveLimits effectiveLimits,
    String containerId,
    String imageId,
    LaunchPhases phases,
    JvmCounters jvmCountersAtFirstOk,
    JvmCounters jvmCountersAfterWarmup) {

  /** The JVM's own counters at the first OK as launch metrics, in the order a reader weighs them. */
  public static final List<Metric> JVM_COUNTERS = List.of(Metric.CLASSES_LOADED_AT_FIRST_OK,
      Metric.CLASS_BYTES_AT_FIRST_OK, Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK, Metric.JIT_COMPILES_AT_FIRST_OK,
      Metric.JIT_COMPILE_MILLIS_AT_FIRST_OK, Metric.GC_PAUSES_AT_FIRST_OK, Metric.GC_PAUSE_MILLIS_AT_FIRST_OK,
      Metric.SAFEPOINTS_AT_FIRST_OK, Metric.THREADS_STARTED_AT_FIRST_OK);

  /** The metrics every launch measures, in the order reports list them. */
  public static final List<Metric> METRICS = Stream.concat(Stream.of(
      Metric.TIME_TO_FIRST_OK_MILLIS, Metric.STARTED_AT_TO_FIRST_OK_MILLIS, Metric.FRAMEWORK_REPORTED_STARTUP_MILLIS,
      Metric.CPU_SECONDS_UNTIL_READY, Metric.RSS_BYTES_AT_FIRST_OK, Metric.CGROUP_MEMORY_BYTES_AT_FIRST_OK,
      Metric.RSS_BYTES_AFTER_WARMUP, Metric.CGROUP_MEMORY_BYTES_AFTER_WARMUP), JVM_COUNTERS.stream()).toList();

  /**
   * The launch's value of one of {@link #METRICS}; empty where it has none (no
   * frameworkReportedStartupMillis without a startup log pattern) or for a metric no launch measures.
   */
  public Optional<Double> value(Metric metric) {
    Number value = switch (metric) {
      case TIME_TO_FIRST_OK_MILLIS -> timeToFirstOkMillis;
      case STARTED_AT_TO_FIRST_OK_MILLIS -> startedAtToFirstOkMillis;
      case FRAMEWORK_REPORTED_STARTUP_MILLIS -> frameworkReportedStartupMillis;
      case CPU_SECONDS_UNTIL_READY -> cpuSecondsUntilReady;
      case RSS_BYTES_AT_FIRST_OK -> rssBytesAtFirstOk;
      case CGROUP_MEMORY_BYTES_AT_FIRST_OK -> cgroupMemoryBytesAtFirstOk;
      case RSS_BYTES_AFTER_WARMUP -> rssBytesAfterWarmup;
      case CGROUP_MEMORY_BYTES_AFTER_WARMUP -> cgroupMemoryBytesAfterWarmup;
      default -> jvmCountersAtFirstOk == null ? null : switch (metric) {
        case CLASSES_LOADED_AT_FIRST_OK -> jvmCountersAtFirstOk.classesLoaded();
        case CLASS_BYTES_AT_FIRST_OK -> jvmCountersAtFirstOk.classBytes();
        case CLASS_LOADING_MILLIS_AT_FIRST_OK -> jvmCountersAtFirstOk.classLoadingMillis();
        case JIT_COMPILES_AT_FIRST_OK -> jvmCountersAtFirstOk.jitCompiles();
        case JIT_COMPILE_MILLIS_AT_FIRST_OK -> jvmCountersAtFirstOk.jitCompileMillis();
        case GC_PAUSES_AT_FIRST_OK -> jvmCountersAtFirstOk.gcPauses();
        case GC_PAUSE_MILLIS_AT_FIRST_OK -> jvmCountersAtFirstOk.gcPauseMillis();
        case SAFEPOINTS_AT_FIRST_OK -> jvmCountersAtFirstOk.safepoints();
        case THREADS_STARTED_AT_FIRST_OK -> jvmCountersAtFirstOk.threadsStarted();
        default -> null;
      };
    };
    return Optional.ofNullable(value).map(Number::doubleValue);
  }
}
