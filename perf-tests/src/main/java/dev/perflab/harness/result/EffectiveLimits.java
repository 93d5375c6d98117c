package dev.perflab.harness.result;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CPU and memory limits the JVM inside a container actually sees, parsed from
 * {@code java -XshowSettings:system -version}. Proves a cell ran under its profile rather than
 * trusting that Docker applied what was asked.
 *
 * @param cpuQuotaMicros -1 when there is no quota
 * @param memoryLimitBytes -1 when unlimited
 */
public record EffectiveLimits(
    String provider, int effectiveCpuCount, long cpuQuotaMicros, long cpuPeriodMicros,
    long memoryLimitBytes) {

  private static final Pattern LINE = Pattern.compile("^\\s*([A-Za-z &]+):\\s*(.*?)\\s*$");
  private static final Pattern SIZE = Pattern.compile("([0-9.]+)([KMGT]?)");

  public static EffectiveLimits parse(String showSettingsOutput) {
    String provider = null;
    Integer cpuCount = null;
    Long quota = null;
    Long period = null;
    Long memory = null;
    for (String line : showSettingsOutput.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String value = m.group(2);
      switch (m.group(1).strip()) {
        case "Provider" -> provider = value;
        case "Effective CPU Count" -> cpuCount = Integer.parseInt(value);
        case "CPU Quota" -> quota = micros(value);
        case "CPU Period" -> period = micros(value);
        case "Memory Limit" -> memory = bytes(value);
        default -> { }
      }
    }
    if (provider == null || cpuCount == null || quota == null || period == null || memory == null) {
      throw new IllegalArgumentException("java -XshowSettings:system printed no complete"
          + " 'Operating System Metrics' section (is the container's cgroup visible?):\n"
          + showSettingsOutput);
    }
    return new EffectiveLimits(provider, cpuCount, quota, period, memory);
  }

  /** What differs from the profile, in words; empty when the limits are the profile's. */
  public List<String> mismatches(ResourceProfile profile, int pinnedCpuCount) {
    List<String> problems = new ArrayList<>();
    boolean quotaMatches = cpuQuotaMicros > 0 && cpuPeriodMicros > 0
        && CpuLimit.ofQuota(cpuQuotaMicros, cpuPeriodMicros).equals(profile.cpus());
    if (!quotaMatches) {
      double cpus = cpuQuotaMicros <= 0 ? -1 : (double) cpuQuotaMicros / cpuPeriodMicros;
      problems.add(String.format(Locale.ROOT, "CPU quota is %d us per %d us (%.2f CPUs), expected %.2f CPUs",
          cpuQuotaMicros, cpuPeriodMicros, cpus, profile.cpus().cores()));
    }
    if (memoryLimitBytes != profile.memoryBytes()) {
      problems.add("memory limit is " + (memoryLimitBytes < 0 ? "unlimited" : memoryLimitBytes + " bytes")
          + ", expected " + profile.memoryBytes() + " bytes (" + profile.memoryMebibytes() + " MiB)");
    }
    if (effectiveCpuCount != pinnedCpuCount) {
      problems.add("the JVM sees " + effectiveCpuCount + " CPUs, expected " + pinnedCpuCount
          + " (the container is pinned by cpuset)");
    }
    return problems;
  }

  private static long micros(String value) {
    return value.endsWith("us") ? Long.parseLong(value.substring(0, value.length() - 2)) : Long.parseLong(value);
  }

  private static long bytes(String value) {
    if (value.equalsIgnoreCase("Unlimited")) {
      return -1;
    }
    Matcher m = SIZE.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException("unreadable memory size '" + value + "'");
    }
    double number = Double.parseDouble(m.group(1));
    int shift = switch (m.group(2)) {
      case "K" -> 10;
      case "M" -> 20;
      case "G" -> 30;
      case "T" -> 40;
      default -> 0;
    };
    return Math.round(number * (1L << shift));
  }
}
