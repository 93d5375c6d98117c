package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.config.StrictYaml;
import java.util.Map;
import java.util.TreeMap;

/**
 * One service of a topology, in the limits grid's keys and units: its CPU quota in cores and the CFS
 * period it is enforced over, its memory limit, its replicas, and what it does per request type. Every
 * service of a run is the same app in the same mode (the framework under test).
 *
 * @param types the request types it serves, each with its work and calls
 * @param replicas left out: 1
 */
public record TopologyService(String name, double cpus, int cfsPeriodMillis, long memoryMebibytes,
    @JacksonInject(StrictYaml.ABSENT + "replicas") Integer replicas, Map<String, NodeWork> types) {

  public TopologyService {
    required(name, "name");
    CpuLimit.cores(cpus);
    if (cfsPeriodMillis < 1 || cfsPeriodMillis > 1000) {
      throw new IllegalArgumentException("service '" + name + "': 'cfsPeriodMillis' must be between 1 and 1000 (the"
          + " kernel's bounds), got " + cfsPeriodMillis);
    }
    if (memoryMebibytes < 64) {
      throw new IllegalArgumentException("service '" + name + "': 'memoryMebibytes' must be at least 64, got "
          + memoryMebibytes);
    }
    replicas = replicas == null ? 1 : replicas;
    types = new TreeMap<>(required(types, "types"));
    if (types.isEmpty()) {
      throw new IllegalArgumentException("service '" + name + "' serves no request type: 'types' is empty");
    }
  }

  CpuLimit cpuLimit() {
    return CpuLimit.cores(cpus);
  }

  /** Its CPU quotas together, in cores: what its station in the model serves at. */
  double quotaCores() {
    return cpus * replicas;
  }
}
