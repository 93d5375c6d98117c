package dev.perflab.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a container's CPU and memory accounting from the host's cgroup files, found through
 * the container's main process: fast (no Docker API round trip, no exec that would inflate the
 * figures) and exact. Handles cgroup v1 (each controller its own mount, as on this machine)
 * and v2 (one unified tree), whichever cgroup driver Docker uses.
 */
public final class HostCgroups {

  private final Path memoryUsageFile;
  private final Path oomFile;
  private final Path cpuUsageFile;
  private final Path cpuStatFile;
  private final boolean v2;

  private HostCgroups(Path memoryUsageFile, Path cpuUsageFile, Path cpuStatFile, boolean v2) {
    this.memoryUsageFile = memoryUsageFile;
    // v1: memory.oom_control beside memory.usage_in_bytes; v2: memory.events beside memory.current.
    this.oomFile = memoryUsageFile.resolveSibling(v2 ? "memory.events" : "memory.oom_control");
    this.cpuUsageFile = cpuUsageFile;
    this.cpuStatFile = cpuStatFile;
    this.v2 = v2;
  }

  /**
   * CFS bandwidth control so far: enforcement periods, how many of them throttled the
   * container (it had used its quota), and for how long in all.
   */
  public record Throttling(long periods, long throttledPeriods, long throttledNanos) {}

  /**
   * The CPU limit the kernel enforces: {@code quotaMicros} of CPU time in each period of {@code periodMicros};
   * {@code quotaMicros} null where there is no quota (the cgroup may use every CPU).
   */
  public record CpuQuota(Long quotaMicros, long periodMicros) {

    /** The quota in cores (0.25: a quarter of a core); null without a quota. */
    public Double cores() {
      return quotaMicros == null ? null : (double) quotaMicros / periodMicros;
    }
  }

  /** The cgroups of host process {@code pid} (a container's State.Pid). */
  public static HostCgroups ofProcess(long pid) {
    Map<String, Path> mounts = cgroupMounts(read(Path.of("/proc/self/mountinfo")));
    Map<String, String> memberships = memberships(read(Path.of("/proc/" + pid + "/cgroup")));
    Optional<Path> memoryV1 = v1Dir(mounts, memberships, "memory");
    Optional<Path> cpuacctV1 = v1Dir(mounts, memberships, "cpuacct");
    Optional<Path> cpuV1 = v1Dir(mounts, memberships, "cpu");
    if (memoryV1.isPresent() && cpuacctV1.isPresent() && cpuV1.isPresent()) {
      return new HostCgroups(memoryV1.get().resolve("memory.usage_in_bytes"),
          cpuacctV1.get().resolve("cpuacct.usage"), cpuV1.get().resolve("cpu.stat"), false);
    }
    Path unifiedMount = mounts.get("");
    String unifiedPath = memberships.get("");
    if (unifiedMount != null && unifiedPath != null) {
      Path dir = unifiedMount.resolve(unifiedPath.substring(1));
      return new HostCgroups(dir.resolve("memory.current"), dir.resolve("cpu.stat"), dir.resolve("cpu.stat"), true);
    }
    throw new IllegalStateException("cannot find the cgroup files of process " + pid
        + " (memberships " + memberships + ", mounts " + mounts + "): the harness must run on"
        + " the Docker host, as root, to read container accounting");
  }

  /** Memory charged to the container's cgroup, page cache included (what the limit applies to). */
  public long memoryUsageBytes() {
    return Long.parseLong(read(memoryUsageFile).getFirst().strip());
  }

  /**
   * How many processes of the cgroup the kernel's OOM killer has killed: one killed inside a
   * container that lives on (a JVM started by {@code docker exec}, a worker process) shows here,
   * not in Docker's OOMKilled flag, which is about the main process.
   */
  public long oomKills() {
    return oomKills(read(oomFile));
  }

  /** The {@code oom_kill} count of memory.oom_control (v1) or memory.events (v2); 0 where the kernel has none. */
  static long oomKills(List<String> lines) {
    return count(lines, "oom_kill");
  }

  /**
   * How often the cgroup's memory reached its limit (v1 memory.failcnt, v2 memory.events' {@code max}):
   * a container held there reclaims its own pages, its code included, and crawls, though the OOM
   * killer may end nothing.
   */
  public long memoryLimitHits() {
    return v2 ? count(read(oomFile), "max")
        : Long.parseLong(read(memoryUsageFile.resolveSibling("memory.failcnt")).getFirst().strip());
  }

  /** The count after {@code key} in a flat-keyed cgroup file; 0 where the kernel has none. */
  static long count(List<String> lines, String key) {
    return lines.stream().map(String::strip).filter(line -> line.startsWith(key + " "))
        .mapToLong(line -> Long.parseLong(line.substring(key.length() + 1).strip())).findFirst().orElse(0);
  }

  /** CPU time consumed by every process of the container since it started. */
  public long cpuUsageNanos() {
    List<String> lines = read(cpuUsageFile);
    if (!v2) {
      return Long.parseLong(lines.getFirst().strip());
    }
    return lines.stream()
        .filter(line -> line.startsWith("usage_usec "))
        .mapToLong(line -> Long.parseLong(line.substring("usage_usec ".length()).strip()) * 1000)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no usage_usec in " + cpuUsageFile));
  }

  public Throttling throttling() {
    return throttling(read(cpuStatFile), v2);
  }

  /** The quota and period the container's CPU is held to, as the kernel has them (whatever the engine was asked). */
  public CpuQuota cpuQuota() {
    if (v2) {
      return cpuMax(read(cpuStatFile.resolveSibling("cpu.max")).getFirst());
    }
    return cpuQuota(read(cpuStatFile.resolveSibling("cpu.cfs_quota_us")).getFirst(),
        read(cpuStatFile.resolveSibling("cpu.cfs_period_us")).getFirst());
  }

  /** v1: cpu.cfs_quota_us (-1: no quota) and cpu.cfs_period_us. */
  static CpuQuota cpuQuota(String quotaFile, String periodFile) {
    long quota = Long.parseLong(quotaFile.strip());
    return new CpuQuota(quota < 0 ? null : quota, Long.parseLong(periodFile.strip()));
  }

  /** v2: cpu.max, "$QUOTA $PERIOD", the quota "max" where there is none. */
  static CpuQuota cpuMax(String line) {
    String[] parts = line.strip().split("\\s+");
    if (parts.length != 2) {
      throw new IllegalArgumentException("cpu.max should read '<quota|max> <period>', got '" + line.strip() + "'");
    }
    return new CpuQuota(parts[0].equals("max") ? null : Long.valueOf(parts[0]), Long.parseLong(parts[1]));
  }

  /** v1: nr_periods, nr_throttled, throttled_time (ns); v2: the same with throttled_usec. */
  static Throttling throttling(List<String> cpuStat, boolean v2) {
    Map<String, Long> values = new HashMap<>();
    for (String line : cpuStat) {
      String[] parts = line.strip().split("\\s+");
      if (parts.length == 2) {
        values.put(parts[0], Long.parseLong(parts[1]));
      }
    }
    long throttledNanos = v2 ? values.getOrDefault("throttled_usec", 0L) * 1000 : values.getOrDefault("throttled_time", 0L);
    return new Throttling(values.getOrDefault("nr_periods", 0L), values.getOrDefault("nr_throttled", 0L), throttledNanos);
  }

  /** Controller name (or "" for the v2 unified tree) to its mount point. */
  static Map<String, Path> cgroupMounts(List<String> mountinfo) {
    Map<String, Path> mounts = new HashMap<>();
    for (String line : mountinfo) {
      String[] halves = line.split(" - ", 2);
      if (halves.length < 2) {
        continue;
      }
      String[] left = halves[0].split(" ");
      String[] right = halves[1].split(" ");
      Path mountPoint = Path.of(left[4]);
      if (right[0].equals("cgroup2")) {
        mounts.put("", mountPoint);
      } else if (right[0].equals("cgroup") && right.length > 2) {
        for (String option : right[2].split(",")) {
          mounts.putIfAbsent(option, mountPoint);
        }
      }
    }
    return mounts;
  }

  /** Controller name (or "" for the unified tree) to the process's path in that hierarchy. */
  static Map<String, String> memberships(List<String> procCgroup) {
    Map<String, String> memberships = new HashMap<>();
    for (String line : procCgroup) {
      String[] parts = line.split(":", 3);
      if (parts.length < 3) {
        continue;
      }
      for (String controller : parts[1].split(",")) {
        memberships.put(controller, parts[2]);
      }
    }
    return memberships;
  }

  private static Optional<Path> v1Dir(
      Map<String, Path> mounts, Map<String, String> memberships, String controller) {
    Path mount = mounts.get(controller);
    String path = memberships.get(controller);
    if (mount == null || path == null || controller.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(mount.resolve(path.substring(1)));
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
