package dev.perflab.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resident set size of a host process (a container's main process, seen from the host). */
public final class ProcessMemory {

  private ProcessMemory() {}

  public static long rssBytes(long pid) {
    Path status = Path.of("/proc/" + pid + "/status");
    try {
      return parseVmRssBytes(Files.readString(status));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + status + " (has the container exited?)", e);
    }
  }

  static long parseVmRssBytes(String procStatus) {
    for (String line : procStatus.split("\n")) {
      if (line.startsWith("VmRSS:")) {
        String[] fields = line.substring("VmRSS:".length()).trim().split("\\s+");
        return Long.parseLong(fields[0]) * 1024; // the kernel reports kB
      }
    }
    throw new IllegalArgumentException("no VmRSS line in /proc/<pid>/status");
  }
}
