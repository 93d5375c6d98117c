package dev.perflab.harness.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A CPU limit, the one unit the model keeps it in: thousandths of a core. Docker takes it in
 * nano-CPUs, the kernel as a CFS quota per period, a person writes it in cores ({@code cpus: 0.5});
 * each is a conversion from here, and {@link #toString()} is how every report writes it.
 *
 * @param millicores 1000 is one whole core
 */
public record CpuLimit(long millicores) {

  public CpuLimit {
    if (millicores < 1) {
      throw new IllegalArgumentException("a CPU limit must be at least 0.001 CPU, got " + millicores / 1000.0);
    }
  }

  /** From cores as a person writes them (1.0, 0.5, 0.25); a catalog's {@code cpus}. */
  @JsonCreator
  public static CpuLimit cores(double cores) {
    long millicores = Math.round(cores * 1000);
    if (Math.abs(millicores - cores * 1000) > 1e-6) {
      throw new IllegalArgumentException("a CPU limit is a whole number of thousandths of a core, got " + cores);
    }
    return new CpuLimit(millicores);
  }

  /** From a CFS quota and period, as the kernel and {@code docker build --cpu-quota} state it. */
  public static CpuLimit ofQuota(long quotaMicros, long periodMicros) {
    return new CpuLimit(Math.round(quotaMicros * 1000.0 / periodMicros));
  }

  @JsonValue
  public double cores() {
    return millicores / 1000.0;
  }

  /** For Docker's create-container call ({@code --cpus}). */
  public long nanoCpus() {
    return millicores * 1_000_000;
  }

  /** The CFS quota that gives this limit in each period of {@code periodMicros} (the kernel's cpu.cfs_quota_us). */
  public long quotaMicros(long periodMicros) {
    return Math.round(millicores * periodMicros / 1000.0);
  }

  /** "1.0 CPU", "0.5 CPU": how results, summaries and fingerprints write a limit. */
  @Override
  public String toString() {
    return cores() + " CPU";
  }
}
