package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * The cgroup limits a measured container runs under: a CPU limit and a memory limit that is also
 * the memory+swap limit, so the container can never swap.
 */
public record ResourceProfile(String name, CpuLimit cpus, long memoryMebibytes) {

  public ResourceProfile {
    required(name, "name");
    required(cpus, "cpus");
  }

  public long memoryBytes() {
    return memoryMebibytes * 1024 * 1024;
  }

  /** "1cpu-512m = 1.0 CPU / 512 MiB". */
  public String describe() {
    return name + " = " + cpus + " / " + memoryMebibytes + " MiB";
  }
}
