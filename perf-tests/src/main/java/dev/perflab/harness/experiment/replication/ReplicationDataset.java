package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.sweep.RecordDataset;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A replication experiment's dataset beside its report, written after every configuration: {@code steps.csv}
 * (per configuration, run and step, the study's columns), {@code containers.csv} (every container's CPU and
 * memory per run), {@code servers.csv} (HAProxy's statistics per server per run), {@code server-states.csv}
 * (every UP and DOWN HAProxy logged) and {@code replication.json} (the four tables).
 */
final class ReplicationDataset {

  static final String STEPS_CSV = "steps.csv";
  static final String CONTAINERS_CSV = "containers.csv";
  static final String SERVERS_CSV = "servers.csv";
  static final String STATE_CHANGES_CSV = "server-states.csv";
  static final String JSON = "replication.json";

  private ReplicationDataset() {}

  static void write(Path dir, ReplicationData data) throws IOException {
    RecordDataset.writeCsv(dir, STEPS_CSV, StepRow.class, data.steps());
    RecordDataset.writeCsv(dir, CONTAINERS_CSV, ContainerRow.class, data.containers());
    RecordDataset.writeCsv(dir, SERVERS_CSV, ServerRow.class, data.servers());
    RecordDataset.writeCsv(dir, STATE_CHANGES_CSV, StateChangeRow.class, data.stateChanges());
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(data) + "\n");
  }
}
