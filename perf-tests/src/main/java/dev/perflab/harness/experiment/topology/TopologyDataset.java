package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.experiment.sweep.RecordDataset;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A topology experiment's dataset beside its report: {@code mixes.csv} (per point, mix and request type:
 * measured and predicted response time and throughput), {@code services.csv} (per point, mix and service:
 * CPU, utilisation measured and predicted, throttling, memory), {@code demands.csv} (per point, type and
 * service: the CPU per request the model was given, and the same after the sweep), {@code seconds.csv} (per
 * point, replica and second: its cgroup's CPU, throttling and memory, the phase, and that second's answers)
 * and {@code topology.json} (all four). Written after
 * every point, so a killed run's dataset holds what it finished.
 */
final class TopologyDataset {

  static final String MIXES_CSV = "mixes.csv";
  static final String SERVICES_CSV = "services.csv";
  static final String DEMANDS_CSV = "demands.csv";
  static final String SECONDS_CSV = "seconds.csv";
  static final String JSON = "topology.json";

  private TopologyDataset() {}

  static void write(Path dir, TopologyData data) throws IOException {
    RecordDataset.writeCsv(dir, MIXES_CSV, TopologyMixRow.class, data.mixes());
    RecordDataset.writeCsv(dir, SERVICES_CSV, TopologyServiceRow.class, data.services());
    RecordDataset.writeCsv(dir, DEMANDS_CSV, TopologyDemandRow.class, data.demands());
    RecordDataset.writeCsv(dir, SECONDS_CSV, TopologySecondRow.class, data.seconds());
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(data) + "\n");
  }
}
