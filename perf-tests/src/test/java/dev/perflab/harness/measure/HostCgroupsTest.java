package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostCgroupsTest {

  @Test
  void findsV1ControllersMountedSeparatelyAndTogether() {
    List<String> mountinfo = List.of(
        "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
        "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
        "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct",
        "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
        "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");
    assertThat(HostCgroups.cgroupMounts(mountinfo))
        .containsEntry("cpuacct", Path.of("/sys/fs/cgroup/cpuacct"))
        .containsEntry("memory", Path.of("/sys/fs/cgroup/memory"))
        .containsEntry("", Path.of("/sys/fs/cgroup/unified"));

    List<String> joined = List.of("25 23 0:22 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct");
    assertThat(HostCgroups.cgroupMounts(joined)).containsEntry("cpuacct", Path.of("/sys/fs/cgroup/cpu,cpuacct"));
  }

  @Test
  void readsAProcessesMembershipPerController() {
    List<String> procCgroup = List.of(
        "4:memory:/docker/abc", "2:cpu,cpuacct:/docker/abc", "0::/system.slice/docker-abc.scope");
    assertThat(HostCgroups.memberships(procCgroup))
        .containsEntry("memory", "/docker/abc")
        .containsEntry("cpuacct", "/docker/abc")
        .containsEntry("", "/system.slice/docker-abc.scope");
  }

  @Test
  void readsThisJvmsOwnAccounting() {
    HostCgroups self = HostCgroups.ofProcess(ProcessHandle.current().pid());
    assertThat(self.memoryUsageBytes()).isPositive();
    assertThat(self.cpuUsageNanos()).isPositive();
    assertThat(self.cpuQuota().periodMicros()).isPositive();
    assertThat(ProcessMemory.rssBytes(ProcessHandle.current().pid())).isPositive();
  }

  @Test
  void throttlingFromCpuStatInBothVersions() {
    assertThat(HostCgroups.throttling(List.of("nr_periods 120", "nr_throttled 7", "throttled_time 350000000"), false))
        .isEqualTo(new HostCgroups.Throttling(120, 7, 350_000_000));
    assertThat(HostCgroups.throttling(List.of("usage_usec 900", "user_usec 800", "system_usec 100", "nr_periods 120",
        "nr_throttled 7", "throttled_usec 350000"), true))
        .isEqualTo(new HostCgroups.Throttling(120, 7, 350_000_000));
  }

  @Test
  void oomKillsAreReadFromV1OomControlAndV2Events() {
    assertThat(HostCgroups.oomKills(List.of("oom_kill_disable 0", "under_oom 0", "oom_kill 2"))).isEqualTo(2);
    assertThat(HostCgroups.oomKills(List.of("low 0", "high 0", "max 3", "oom 1", "oom_kill 1", "oom_group_kill 0")))
        .isEqualTo(1);
    assertThat(HostCgroups.oomKills(List.of("oom_kill_disable 0", "under_oom 0"))).isZero();
  }

  @Test
  void limitHitsAreV2sMaxEventsNotItsOomKills() {
    assertThat(HostCgroups.count(List.of("low 0", "high 0", "max 3", "oom 1", "oom_kill 1"), "max")).isEqualTo(3);
    assertThat(HostCgroups.count(List.of("low 0"), "max")).isZero();
  }

  @Test
  void cpuQuotaAndPeriodInBothVersions() {
    assertThat(HostCgroups.cpuQuota("25000\n", "100000\n")).isEqualTo(new HostCgroups.CpuQuota(25000L, 100000));
    assertThat(HostCgroups.cpuQuota("-1", "100000").cores()).isNull();
    assertThat(HostCgroups.cpuMax("2500 10000").cores()).isEqualTo(0.25);
    assertThat(HostCgroups.cpuMax("max 100000")).isEqualTo(new HostCgroups.CpuQuota(null, 100000));
  }
}
