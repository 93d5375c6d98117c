package dev.perflab.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What a process has mapped from one file, read from the host's {@code /proc/<pid>/maps}. The
 * proof that a JVM uses its AOT cache: the JVM maps the cache file into memory when it accepts
 * it, and maps nothing of it when it rejects it. Paths are as the process sees them (inside the
 * container's mount namespace).
 */
public final class ProcessMaps {

  private ProcessMaps() {}

  /** Bytes of address space process {@code pid} maps from {@code file}; 0 if none. */
  public static long mappedBytes(long pid, String file) {
    try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "maps"))) {
      return mappedBytes(lines, file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the memory map of process " + pid, e);
    }
  }

  /**
   * Sums the mappings of {@code file} in maps lines such as
   * {@code 7f1c2a000000-7f1c2c000000 r--p 00001000 08:01 1234  /app/app.aot}.
   */
  static long mappedBytes(Stream<String> mapsLines, String file) {
    return mapsLines
        .map(line -> line.split("\\s+", 6))
        .filter(fields -> fields.length == 6 && fields[5].strip().equals(file))
        .mapToLong(fields -> {
          String[] range = fields[0].split("-");
          return Long.parseUnsignedLong(range[1], 16) - Long.parseUnsignedLong(range[0], 16);
        })
        .sum();
  }
}
