package dev.perflab.harness.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import java.io.IOException;
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

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The record at {@code path} in {@code image}. */
  public static AotTraining read(DockerClient docker, String image, String path) throws IOException {
    return JSON.readValue(ImageFiles.read(docker, image, path), AotTraining.class);
  }

  public long totalCpuMillis() {
    return trainingCpuMillis + assemblyCpuMillis;
  }
}
