package dev.perflab.harness.result;

import java.util.List;

/**
 * How an AOT image's cache was trained, as the image build's trainer recorded it (the
 * {@code aotTrainingRecord} file in the image): command, JVM options, the size of the workload,
 * and what the training and assembly runs cost. CPU times count every core.
 */
public record AotTraining(
    String app,
    List<String> command,
    String jvmOptions,
    int requests,
    long trainingWallMillis,
    long trainingCpuMillis,
    long assemblyWallMillis,
    long assemblyCpuMillis,
    long cacheBytes) {

  public long totalCpuMillis() {
    return trainingCpuMillis + assemblyCpuMillis;
  }
}
