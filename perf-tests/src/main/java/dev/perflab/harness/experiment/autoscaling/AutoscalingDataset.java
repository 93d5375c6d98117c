package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.sweep.RecordDataset;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** An autoscaling experiment's dataset beside its report, written after every run: one CSV per table, and all in JSON. */
final class AutoscalingDataset {

  static final String RUNS_CSV = "runs.csv";
  static final String SECONDS_CSV = "seconds.csv";
  static final String REPLICAS_CSV = "replicas.csv";
  static final String PODS_CSV = "pods.csv";
  static final String BURSTS_CSV = "bursts.csv";
  static final String JSON = "autoscaling.json";

  private AutoscalingDataset() {}

  static void write(Path dir, AutoscalingData data) throws IOException {
    RecordDataset.writeCsv(dir, RUNS_CSV, AutoscalingData.RunRow.class, data.runs());
    RecordDataset.writeCsv(dir, SECONDS_CSV, AutoscalingData.SecondRow.class, data.seconds());
    RecordDataset.writeCsv(dir, REPLICAS_CSV, AutoscalingData.ReplicaRow.class, data.replicas());
    RecordDataset.writeCsv(dir, PODS_CSV, AutoscalingData.PodRow.class, data.pods());
    RecordDataset.writeCsv(dir, BURSTS_CSV, AutoscalingData.BurstRow.class, data.bursts());
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(data) + "\n");
  }
}
