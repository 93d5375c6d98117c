package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.measure.ProcessMaps;
import dev.perflab.harness.result.LaunchSample;
import java.nio.file.Path;

/**
 * Launches cells under their profiles' limits with the catalog's JVM flags and the harness's labels, on the
 * lab's engine (the local Docker engine's containers, or a cluster's pods): to measure one launch end to end,
 * or to keep one running for traffic (parity, load).
 */
public interface CellLauncher {

  /**
   * One measured launch that takes only {@code steps} after its first OK: without the warm-up it has no
   * memory-after-warm-up figures; without the limits check, no effective limits. The launch is removed before
   * this returns; a failure is thrown with its logs.
   */
  LaunchSample measure(Cell cell, int repetition, boolean discarded, LaunchSteps steps) throws CellLaunchException;

  /** One measured launch with every step. */
  default LaunchSample measure(Cell cell, int repetition, boolean discarded) throws CellLaunchException {
    return measure(cell, repetition, discarded, LaunchSteps.ALL);
  }

  /**
   * One more launch of {@code cell}, never a measured one, under a flight recording from JVM start, stopped as
   * {@code docker stop} would once it answers 200 so that the JVM writes the recording into {@code directory} on
   * its way out. Only where the JVM can write into a host directory (the local engine's bind mount).
   */
  default RecordedStart recordStartup(Cell cell, Path directory) throws CellLaunchException {
    throw new UnsupportedOperationException("the JVM's flight recording is written into a directory of this host,"
        + " which only the local Docker engine mounts into a launch: run the comparison with -Dperflab.engine=local"
        + " to explain it with JFR");
  }

  /** Starts a cell for traffic under its profile's limits, not pinned, once it answers 200. The caller closes it. */
  RunningCell start(Cell cell) throws CellLaunchException;

  /**
   * Starts a cell for load on the measured CPUs, so the load driver (on the harness CPU) never competes with it,
   * and returns once it answers 200 at the address load is driven at ({@link RunningCell#address()}). The time
   * this takes is a fair startup time. The caller closes it.
   */
  RunningCell startPinned(Cell cell) throws CellLaunchException;

  /** Drops a cell's database, if its app has one (every launcher's and a running cell's one rule). */
  static void close(AppDatabase appDatabase) {
    if (appDatabase != null) {
      appDatabase.close();
    }
  }

  /**
   * The mode's AOT cache as mapped by the JVM: the proof it is in use. The images already run
   * with -XX:AOTMode=on, so a cache the JVM rejects stops it at startup; this also catches an
   * image whose entry point lost the flags and would quietly measure JVM mode.
   */
  static long aotCacheMappedBytes(Cell cell, long pid) {
    String cache = cell.mode().aotCache();
    if (cache == null) {
      return 0;
    }
    long mapped = ProcessMaps.mappedBytes(pid, cache);
    if (mapped == 0) {
      throw new IllegalStateException("the JVM has not mapped the AOT cache " + cache + " (mode "
          + cell.mode().name() + "): the cell would measure plain JVM mode. Check the image's ENTRYPOINT"
          + " (-XX:AOTCache=" + cache + " -XX:AOTMode=on) and that the cache was trained for this image");
    }
    return mapped;
  }

  /** The innermost message: client libraries wrap the reason in two or three layers. */
  static String rootMessage(Throwable e) {
    String message = e.getMessage();
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null) {
        message = cause.getMessage();
      }
    }
    return message == null ? e.getClass().getSimpleName() : message;
  }
}
