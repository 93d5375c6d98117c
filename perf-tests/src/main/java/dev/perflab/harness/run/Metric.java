package dev.perflab.harness.run;

import dev.perflab.harness.measure.LaunchSample;
import java.util.Optional;
import java.util.function.Function;

/** The per-launch metrics a cell's statistics are computed over; the unit is in every name. */
public enum Metric {
  TIME_TO_FIRST_OK_MILLIS("timeToFirstOkMillis", LaunchSample::timeToFirstOkMillis),
  STARTED_AT_TO_FIRST_OK_MILLIS("startedAtToFirstOkMillis", LaunchSample::startedAtToFirstOkMillis),
  FRAMEWORK_REPORTED_STARTUP_MILLIS("frameworkReportedStartupMillis", LaunchSample::frameworkReportedStartupMillis),
  CPU_SECONDS_UNTIL_READY("cpuSecondsUntilReady", LaunchSample::cpuSecondsUntilReady),
  RSS_BYTES_AT_FIRST_OK("rssBytesAtFirstOk", LaunchSample::rssBytesAtFirstOk),
  CGROUP_MEMORY_BYTES_AT_FIRST_OK("cgroupMemoryBytesAtFirstOk", LaunchSample::cgroupMemoryBytesAtFirstOk),
  RSS_BYTES_AFTER_WARMUP("rssBytesAfterWarmup", LaunchSample::rssBytesAfterWarmup),
  CGROUP_MEMORY_BYTES_AFTER_WARMUP("cgroupMemoryBytesAfterWarmup", LaunchSample::cgroupMemoryBytesAfterWarmup);

  private final String key;
  private final Function<LaunchSample, ? extends Number> value;

  Metric(String key, Function<LaunchSample, ? extends Number> value) {
    this.key = key;
    this.value = value;
  }

  /** The name used in results.json and budgets. */
  public String key() {
    return key;
  }

  /** The launch's value; empty where it has none (no frameworkReportedStartupMillis without a startup log pattern). */
  public Optional<Double> of(LaunchSample sample) {
    return Optional.ofNullable(value.apply(sample)).map(Number::doubleValue);
  }
}
