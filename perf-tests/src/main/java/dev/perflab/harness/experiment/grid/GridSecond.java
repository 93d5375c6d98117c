package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One second of one measured load step of the limits grid: the latency of the requests due in that
 * second beside the container's one-second sample that covers it. The study read its latencies
 * against relative CPU per sample; a step's mean would hide a second spent at the limit.
 *
 * @param offeredRatePerSecond the open-model rate of its step; null for a closed step
 * @param concurrency a closed step's concurrency; null for an open step, and then left out of the files
 * @param second 0-based within the step's measured time
 * @param answered correct answers to the requests due (open) or sent (closed) in the second
 * @param p50Millis latency from each request's intended send time or its send, of those answers; null without one
 * @param relativeCpu CPU used over the CPU limit in the container's sample ending nearest the
 *     second's end; null if the sampler missed it
 * @param relativeMemory cgroup memory usage over the memory limit, same sample
 * @param throttledPeriodsRatio CFS periods in which the quota ran out over the periods the container
 *     ran, same sample; null if it did not run
 */
public record GridSecond(
    String app, String mode, double cpuLimitCores, long memoryLimitMebibytes, int repetition,
    int step, Double offeredRatePerSecond, @JsonInclude(JsonInclude.Include.NON_NULL) Integer concurrency,
    int second, long answered,
    Double p50Millis, Double p95Millis, Double p99Millis,
    Double relativeCpu, Double relativeMemory, Double throttledPeriodsRatio) {}
