package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.measure.FirstOkProbe.FirstOk;
import dev.perflab.harness.measure.FirstOkProbe;
import dev.perflab.harness.measure.FlightRecording;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.measure.LaunchReading;
import dev.perflab.harness.measure.StartupLog;
import dev.perflab.harness.measure.Warmup;
import dev.perflab.harness.result.EffectiveLimits;
import dev.perflab.harness.result.LaunchPhases;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.Network;

/**
 * Launches cells as containers on the local engine's lab network, each with its profile's limits, the
 * catalog's JVM flags and the harness's labels: either to measure one launch end to end, or
 * to keep it running for traffic (parity, load).
 */
public final class DockerCellLauncher implements CellLauncher {

  /** A JVM of its own, kept small so the probe does not push the app against its limit. */
  private static final String[] SHOW_LIMITS = {
      "java", "-Xmx16m", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-XshowSettings:system", "-version"};

  private final Catalog catalog;
  private final HarnessConfig config;
  private final Network network;
  /** Null when no app of the catalog uses the database. */
  private final LabDatabase database;

  DockerCellLauncher(Catalog catalog, HarnessConfig config, Network network, LabDatabase database) {
    this.catalog = catalog;
    this.config = config;
    this.network = network;
    this.database = database;
  }

  /**
   * A fresh container pinned to the measured CPU, timed from Docker's start call to the first 200 (polled at
   * the container's address on the lab network), sampled at that moment and after the warm-up, its limits
   * proven from inside, then removed.
   */
  @Override
  public LaunchSample measure(Cell cell, int repetition, boolean discarded, LaunchSteps steps)
      throws CellLaunchException {
    long entered = System.nanoTime();
    // No published port: the host polls the container's own address, without docker-proxy.
    AppDatabase appDatabase = databaseFor(cell);
    long databaseReady = System.nanoTime();
    CellContainer container = newContainer(cell, appDatabase).withCpuset(catalog.measuredCpuset());
    Supplier<URI> readiness = atNetworkAddress(container, cell);
    String step = "start";
    boolean removed = false;
    try (FirstOkProbe<LaunchReading> probe =
             FirstOkProbe.start(readiness, () -> LaunchReading.read(container.hostPid()))) {
      container.waitingFor(new FirstOkWait(probe, container).withStartupTimeout(config.readyTimeout()));
      container.start();
      FirstOk<LaunchReading> firstOk = probe.await(config.readyTimeout(), () -> true);
      Instant startedAt = Instant.parse(container.getContainerInfo().getState().getStartedAt());
      long mark = System.nanoTime();

      step = "AOT cache check";
      long aotCacheMappedBytes = CellLauncher.aotCacheMappedBytes(cell, container.hostPid());
      double readingsMillis = millisSince(mark);

      step = "warm-up";
      mark = System.nanoTime();
      LaunchReading afterWarmup = null;
      if (steps.warmup()) {
        Warmup.send(readiness.get(), config.warmupRequests());
        afterWarmup = LaunchReading.read(container.hostPid());
      }
      double warmupMillis = millisSince(mark);

      step = "limits check";
      mark = System.nanoTime();
      EffectiveLimits limits = cell.mode().jvm() && steps.proveLimits() ? effectiveLimits(container) : null;
      List<String> mismatches = limits == null ? List.of() : limits.mismatches(cell.profile(), catalog.measuredCpuCount());
      if (!mismatches.isEmpty()) {
        throw new IllegalStateException("the container did not run under profile "
            + cell.profile().name() + ": " + String.join("; ", mismatches));
      }
      double limitsCheckMillis = millisSince(mark);

      step = "startup log";
      mark = System.nanoTime();
      Double reportedMillis = reportedStartupMillis(cell, container::getLogs);
      readingsMillis += millisSince(mark);

      String containerId = container.getContainerId().substring(0, 12);
      String imageId = container.getContainerInfo().getImageId();
      mark = System.nanoTime();
      removed = true;
      container.stop();
      CellLauncher.close(appDatabase);
      LaunchPhases phases = new LaunchPhases((databaseReady - entered) / 1e6,
          (container.startCallNanos() - databaseReady) / 1e6, readingsMillis, warmupMillis, limitsCheckMillis,
          millisSince(mark), millisSince(entered), firstOk.sampledAtFirstOk().countersReadMillis()
              + (afterWarmup == null ? 0 : afterWarmup.countersReadMillis()));
      return new LaunchSample(
          repetition,
          discarded,
          (firstOk.nanoTime() - container.startCallNanos()) / 1e6,
          Duration.between(startedAt, firstOk.instant()).toNanos() / 1e6,
          reportedMillis,
          firstOk.sampledAtFirstOk().usage().cpuUsageNanos() / 1e9,
          firstOk.sampledAtFirstOk().usage().rssBytes(),
          firstOk.sampledAtFirstOk().usage().cgroupMemoryBytes(),
          afterWarmup == null ? null : afterWarmup.usage().rssBytes(),
          afterWarmup == null ? null : afterWarmup.usage().cgroupMemoryBytes(),
          firstOk.attempts(),
          firstOk.meanPollIntervalMillis(),
          aotCacheMappedBytes,
          limits,
          containerId,
          imageId,
          phases,
          firstOk.sampledAtFirstOk().jvmCounters(),
          afterWarmup == null ? null : afterWarmup.jvmCounters());
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new CellLaunchException(
          container.failure(cell.id() + " failed in launch " + repetition, step + ": " + CellLauncher.rootMessage(e)), e);
    } finally {
      if (!removed) {
        container.stop();
        CellLauncher.close(appDatabase);
      }
    }
  }

  /** Where a recorded launch's JVM sees the host's directory. */
  private static final String RECORDING_MOUNT = "/perflab-jfr";
  private static final String RECORDING_FILE = "startup.jfr";
  /** Long enough for the recording's dump on exit, which a JVM with a second of recorded start writes in well under. */
  private static final Duration RECORDING_EXIT_TIMEOUT = Duration.ofSeconds(60);

  /**
   * A fresh container pinned to the measured CPU as a measured launch is, its JVM options followed by the flight
   * recorder's, timed to its first 200; then SIGTERM, and the recording is read off the bind mount once the JVM has
   * written it and exited.
   */
  @Override
  public RecordedStart recordStartup(Cell cell, Path directory) throws CellLaunchException {
    try {
      Files.createDirectories(directory);
      // The image's user, whoever it is, writes here.
      Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxrwxrwx"));
    } catch (IOException e) {
      throw new UncheckedIOException("the recording's directory " + directory, e);
    }
    AppDatabase appDatabase = databaseFor(cell);
    CellContainer container = newContainer(cell, appDatabase).withCpuset(catalog.measuredCpuset())
        .withEnv("JDK_JAVA_OPTIONS", (catalog.jdkJavaOptions() + " "
            + FlightRecording.jvmOptions(RECORDING_MOUNT, RECORDING_FILE)).strip())
        .withDirectory(directory, RECORDING_MOUNT);
    Supplier<URI> readiness = atNetworkAddress(container, cell);
    String step = "start";
    try (FirstOkProbe<Boolean> probe = FirstOkProbe.start(readiness, () -> Boolean.TRUE)) {
      container.waitingFor(new FirstOkWait(probe, container).withStartupTimeout(config.readyTimeout()));
      container.start();
      FirstOk<Boolean> firstOk = probe.await(config.readyTimeout(), () -> true);
      step = "stop for the recording";
      if (!container.terminate(RECORDING_EXIT_TIMEOUT)) {
        throw new IllegalStateException("the JVM did not exit within " + RECORDING_EXIT_TIMEOUT.toSeconds()
            + " s of SIGTERM, so it wrote no recording");
      }
      Path recording = directory.resolve(RECORDING_FILE);
      if (!Files.isRegularFile(recording)) {
        throw new IllegalStateException("the JVM exited without writing " + RECORDING_MOUNT + "/" + RECORDING_FILE
            + " (an image whose JRE lacks the jdk.jfr module cannot record: add it to the jlink'd runtime)");
      }
      return new RecordedStart(recording, firstOk.instant(), (firstOk.nanoTime() - container.startCallNanos()) / 1e6);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new CellLaunchException(container.failure(cell.id() + " failed in its recorded launch",
          step + ": " + CellLauncher.rootMessage(e)), e);
    } finally {
      container.stop();
      CellLauncher.close(appDatabase);
    }
  }

  private static double millisSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1e6;
  }

  @Override
  public RunningCell start(Cell cell) throws CellLaunchException {
    AppDatabase appDatabase = databaseFor(cell);
    return start(cell, newContainer(cell, appDatabase), appDatabase, false);
  }

  /**
   * Starts a cell for load: pinned to the measured CPU like a measured launch, so the load
   * driver (on the harness CPU) never competes with it. Drive it at its own address on the lab
   * network ({@link RunningCell#address()}); it publishes no port, as docker-proxy would be the
   * bottleneck. Its readiness is polled there too, as in a measured launch, so the time
   * {@code startPinned} takes is a fair startup time (container creation included).
   */
  @Override
  public RunningCell startPinned(Cell cell) throws CellLaunchException {
    AppDatabase appDatabase = databaseFor(cell);
    return start(cell, newContainer(cell, appDatabase).withCpuset(catalog.measuredCpuset()), appDatabase, true);
  }

  /**
   * Starts {@code unstarted} for traffic and returns once it answers 200; on failure it is removed, and
   * {@code appDatabase} (null for none, or one the caller keeps) dropped. Pinned, it is reached at its
   * lab-network address only, as a measured launch is; otherwise at a published port on the host.
   */
  RunningCell start(Cell cell, CellContainer unstarted, AppDatabase appDatabase, boolean pinned)
      throws CellLaunchException {
    int hostPort = pinned ? 0 : freePort();
    CellContainer container = pinned ? unstarted : unstarted.withHostPort(hostPort, cell.app().port());
    URI published = URI.create("http://localhost:" + hostPort);
    Supplier<URI> readiness = pinned ? atNetworkAddress(container, cell)
        : () -> published.resolve(cell.app().readinessPath());
    try (FirstOkProbe<Long> probe =
             FirstOkProbe.start(readiness, () -> HostCgroups.ofProcess(container.hostPid()).cpuUsageNanos())) {
      container.waitingFor(new FirstOkWait(probe, container).withStartupTimeout(config.readyTimeout()));
      container.start();
      FirstOk<Long> firstOk = probe.await(config.readyTimeout(), () -> true);
      RunningCell.Startup startup = new RunningCell.Startup(
          (firstOk.nanoTime() - container.startCallNanos()) / 1e6, firstOk.sampledAtFirstOk() / 1e9);
      URI base = pinned ? URI.create("http://" + container.networkIp() + ":" + cell.app().port()) : published;
      return new RunningCell(cell, container, base, appDatabase, startup);
    } catch (RuntimeException | InterruptedException | TimeoutException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      Outcome.Failed failure = container.failure(cell.id() + " failed in launch 0", "start: " + CellLauncher.rootMessage(e));
      container.stop();
      CellLauncher.close(appDatabase);
      throw new CellLaunchException(failure, e);
    }
  }

  /** How often a launch reads the container's log for the framework's startup line. */
  private static final Duration STARTUP_LINE_POLL = Duration.ofMillis(20);

  /** What the app logged as its startup time ({@link StartupLog#awaitReportedMillis}); null for an app without a pattern. */
  private static Double reportedStartupMillis(Cell cell, Supplier<String> log) throws InterruptedException {
    return cell.app().startupLogPattern() == null ? null
        : StartupLog.awaitReportedMillis(cell.app().startupLogPattern(), log, STARTUP_LINE_POLL);
  }

  /** The readiness URL at the container's own lab-network address, once it has one (null before). */
  private static Supplier<URI> atNetworkAddress(CellContainer container, Cell cell) {
    return () -> container.networkIp() == null ? null
        : URI.create("http://" + container.networkIp() + ":" + cell.app().port() + cell.app().readinessPath());
  }

  /** A fresh database for an app that uses one, else null. */
  AppDatabase databaseFor(Cell cell) {
    return cell.app().uses(LabService.DATABASE) ? database.create() : null;
  }

  /** The cell's container: its limits, its labels, the JVM options, and the lab's addresses for what its app uses. */
  private CellContainer newContainer(Cell cell, AppDatabase appDatabase) {
    return labContainer(cell, appDatabase).withLimits(cell.profile()).withLabels(LabLabels.forCell(cell.id()));
  }

  /**
   * A container of the cell's image on the lab network with its app's environment, the JVM options and the
   * lab's addresses (these last, so an app's environment cannot change what every app is given); no limits yet.
   */
  CellContainer labContainer(Cell cell, AppDatabase appDatabase) {
    CellContainer container = new CellContainer(cell.image())
        .withNetwork(network)
        .withEnv(cell.app().environment())
        .withEnv("JDK_JAVA_OPTIONS", catalog.jdkJavaOptions());
    if (cell.app().uses(LabService.DOWNSTREAM)) {
      container.withEnv("DOWNSTREAM_URL", catalog.downstream().url());
    }
    if (appDatabase != null) {
      container.withEnv(appDatabase.environment());
    }
    return container;
  }

  private static EffectiveLimits effectiveLimits(CellContainer container)
      throws IOException, InterruptedException {
    ExecResult result = container.execInContainer(SHOW_LIMITS);
    return EffectiveLimits.parse(result.getStdout() + "\n" + result.getStderr());
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free local port", e);
    }
  }
}
