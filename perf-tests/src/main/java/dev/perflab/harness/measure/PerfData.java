package dev.perflab.harness.measure;

import dev.perflab.harness.result.JvmCounters;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import sun.jvmstat.monitor.Monitor;
import sun.jvmstat.monitor.MonitorException;
import sun.jvmstat.monitor.MonitoredHost;
import sun.jvmstat.monitor.MonitoredVm;
import sun.jvmstat.monitor.VmIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A container's JVM's performance counters read from the host: the hsperfdata file the JVM writes in its own /tmp
 * ({@code /tmp/hsperfdata_<user>/<pid as the container sees it>}), reached through {@code /proc/<host pid>/root} and
 * decoded by the JDK's own reader (jvmstat, what jstat uses), so nothing attaches to the JVM or runs inside it.
 */
public final class PerfData {

  private static final Logger LOG = LoggerFactory.getLogger(PerfData.class);

  private PerfData() {}

  /**
   * The counters of the JVM that is host process {@code pid}; empty where it writes none (a native image, a JVM run
   * with -XX:-UsePerfData, a /tmp it cannot write), or the file is gone (the process ended).
   */
  public static Optional<JvmCounters> read(long pid) {
    return file(pid).flatMap(PerfData::read);
  }

  /** The counters in one hsperfdata file. */
  static Optional<JvmCounters> read(Path file) {
    try {
      String uri = "file:" + file.toAbsolutePath();
      MonitoredVm vm = MonitoredHost.getMonitoredHost(uri).getMonitoredVm(new VmIdentifier(uri));
      try {
        double ticksPerMilli = value(vm, "sun.os.hrt.frequency") / 1e3;
        long gcPauses = 0;
        long gcTicks = 0;
        for (Monitor collector : vm.findByPattern("sun\\.gc\\.collector\\.\\d+\\.invocations")) {
          gcPauses += ((Number) collector.getValue()).longValue();
          gcTicks += value(vm, collector.getName().replace(".invocations", ".time"));
        }
        return Optional.of(new JvmCounters(
            value(vm, "java.cls.loadedClasses") + value(vm, "java.cls.sharedLoadedClasses"),
            value(vm, "java.cls.sharedLoadedClasses"),
            value(vm, "java.cls.unloadedClasses") + value(vm, "java.cls.sharedUnloadedClasses"),
            value(vm, "sun.cls.loadedBytes") + value(vm, "sun.cls.sharedLoadedBytes"),
            value(vm, "sun.cls.time") / ticksPerMilli,
            value(vm, "sun.ci.totalCompiles"),
            (value(vm, "sun.ci.standardTime") + value(vm, "sun.ci.osrTime")) / ticksPerMilli,
            gcPauses,
            gcTicks / ticksPerMilli,
            value(vm, "sun.rt.safepoints"),
            value(vm, "sun.rt.safepointTime") / ticksPerMilli,
            value(vm, "java.threads.started")));
      } finally {
        vm.detach();
      }
    } catch (MonitorException | URISyntaxException | IllegalArgumentException e) {
      LOG.warn("The JVM counters in {} could not be read: {}", file, e.toString());
      return Optional.empty();
    }
  }

  /** The file of the JVM that is host process {@code pid}, named by its pid in its own namespace. */
  private static Optional<Path> file(long pid) {
    Path tmp = Path.of("/proc", Long.toString(pid), "root", "tmp");
    try {
      String nsPid = namespacePid(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
      try (DirectoryStream<Path> users = Files.newDirectoryStream(tmp, "hsperfdata_*")) {
        for (Path user : users) {
          Path file = user.resolve(nsPid);
          if (Files.isRegularFile(file)) {
            return Optional.of(file);
          }
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The innermost pid of {@code NSpid:} in /proc/<pid>/status: the pid the process sees as its own. */
  static String namespacePid(String procStatus) {
    for (String line : procStatus.split("\n")) {
      if (line.startsWith("NSpid:")) {
        String[] pids = line.substring("NSpid:".length()).trim().split("\\s+");
        return pids[pids.length - 1];
      }
    }
    throw new IllegalArgumentException("no NSpid line in /proc/<pid>/status");
  }

  private static long value(MonitoredVm vm, String name) throws MonitorException {
    Monitor monitor = vm.findByName(name);
    if (monitor == null) {
      throw new IllegalArgumentException("no counter " + name);
    }
    return ((Number) monitor.getValue()).longValue();
  }
}
