package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.launch.LaunchSteps;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.measure.LaunchReading;
import dev.perflab.harness.measure.StartupLog;
import dev.perflab.harness.measure.Warmup;
import dev.perflab.harness.result.LaunchPhases;
import dev.perflab.harness.result.LaunchSample;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches a cell as a bare pod (no controller: deleting it ends the launch) under its profile's limits as requests
 * and limits. A measured launch is timed from the create call to the first 200 at the pod's address, and from the
 * container's start (the runtime's record) to it, so a pod's startup splits into the platform's part and the
 * framework's own; it is sampled through the node's cgroups, which needs the harness on the pod's node.
 */
public final class KubernetesCellLauncher implements CellLauncher {

  private static final Logger LOG = LoggerFactory.getLogger(KubernetesCellLauncher.class);
  private static final Duration STARTUP_LINE_POLL = Duration.ofMillis(100);

  private final ClusterLab lab;
  /** False: every figure from the cluster's API, as on a node the harness is not on (the cluster tier's check). */
  private final boolean readsNode;

  KubernetesCellLauncher(ClusterLab lab, boolean readsNode) {
    this.lab = lab;
    this.readsNode = readsNode;
  }

  @Override
  public LaunchSample measure(Cell cell, int repetition, boolean discarded, LaunchSteps steps)
      throws CellLaunchException {
    long entered = System.nanoTime();
    AppDatabase appDatabase = lab.databaseFor(cell);
    long databaseReady = System.nanoTime();
    String name = lab.nextName(baseName(cell));
    KubernetesClient client = lab.client();
    boolean removed = false;
    try {
      // A push to the registry named, if any, happens before the launch is timed.
      String image = lab.image(cell.image());
      long createCall = System.nanoTime();
      Instant createdAt = Instant.now();
      create(cell, image, name, appDatabase);
      Rollout.AnsweredPod<LaunchReading> answered = Rollout.await(client, lab.namespace(), cell.id() + " launch "
          + repetition, name, 1, cell.app().port(), cell.app().readinessPath(), lab.readyTimeout(),
          this::sampleOnNode).getFirst();
      Pod pod = client.pods().inNamespace(lab.namespace()).withName(name).get();
      long mark = System.nanoTime();
      PodReadings readings = answered.firstOk().sampledAtFirstOk() != null
          ? new PodReadings.Node(answered.containerId(), answered.firstOk().sampledAtFirstOk())
          : new PodReadings.Kubelet(client, lab.namespace(), pod, answered.firstOk().instant());
      PodReadings.Usage atFirstOk = readings.atFirstOk();
      long aotCacheMappedBytes = readings.aotCacheMappedBytes(cell);
      double readingsMillis = millisSince(mark);
      URI readiness = URI.create("http://" + answered.ip() + ":" + cell.app().port() + cell.app().readinessPath());
      mark = System.nanoTime();
      PodReadings.Usage afterWarmup = null;
      if (steps.warmup()) {
        Warmup.send(readiness, lab.config().warmupRequests());
        afterWarmup = readings.now();
      }
      double warmupMillis = millisSince(mark);
      mark = System.nanoTime();
      Instant startedAt = readings.containerStartedAt();
      Double reportedMillis = reportedStartupMillis(cell, new PodReplica(client, lab.namespace(), name, answered.ip(),
          answered.containerId()));
      LOG.info("{} launch {} on Kubernetes: {}; {}", cell.id(), repetition + 1,
          PodTimeline.of(pod, createdAt, answered.firstOk().instant()).describe(), readings.describe());
      readingsMillis += millisSince(mark);
      String imageId = pod.getStatus().getContainerStatuses().getFirst().getImageID();
      mark = System.nanoTime();
      removed = true;
      remove(name, appDatabase);
      return new LaunchSample(repetition, discarded, (answered.firstOk().nanoTime() - createCall) / 1e6,
          startedAt == null ? null : Duration.between(startedAt, answered.firstOk().instant()).toNanos() / 1e6,
          reportedMillis,
          atFirstOk.cpuUsageNanos() / 1e9, atFirstOk.rssBytes(), atFirstOk.cgroupMemoryBytes(),
          afterWarmup == null ? null : afterWarmup.rssBytes(),
          afterWarmup == null ? null : afterWarmup.cgroupMemoryBytes(), answered.firstOk().attempts(),
          answered.firstOk().meanPollIntervalMillis(), aotCacheMappedBytes,
          // The JVM's own view of its limits is proven on the local engine; here the pod's cgroup is the kubelet's.
          null, name, imageId,
          new LaunchPhases((databaseReady - entered) / 1e6, (createCall - databaseReady) / 1e6, readingsMillis,
              warmupMillis, 0, millisSince(mark), millisSince(entered), null), atFirstOk.jvmCounters(),
          afterWarmup == null ? null : afterWarmup.jvmCounters());
    } catch (CellLaunchException e) {
      throw e;
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new CellLaunchException(PodFailures.of(client, lab.namespace(), name, cell.id() + " failed in launch "
          + repetition, CellLauncher.rootMessage(e)), e);
    } finally {
      if (!removed) {
        remove(name, appDatabase);
      }
    }
  }

  @Override
  public RunningCell start(Cell cell) throws CellLaunchException {
    return startPinned(cell);
  }

  /** On a cluster the kubelet places the pod; its CPU is its quota, as on the local engine. */
  @Override
  public RunningCell startPinned(Cell cell) throws CellLaunchException {
    AppDatabase appDatabase = lab.databaseFor(cell);
    String name = lab.nextName(baseName(cell));
    try {
      String image = lab.image(cell.image());
      long createCall = System.nanoTime();
      create(cell, image, name, appDatabase);
      Rollout.AnsweredPod<Long> answered = Rollout.await(lab.client(), lab.namespace(), cell.id() + " launch 0", name, 1,
          cell.app().port(), cell.app().readinessPath(), lab.readyTimeout(), KubernetesSetLauncher::cpuNanos).getFirst();
      PodReplica replica = new PodReplica(lab.client(), lab.namespace(), name, answered.ip(), answered.containerId());
      Long cpu = answered.firstOk().sampledAtFirstOk();
      return new RunningCell(cell, replica, URI.create("http://" + answered.ip() + ":" + cell.app().port()),
          appDatabase, new RunningCell.Startup((answered.firstOk().nanoTime() - createCall) / 1e6,
              cpu == null ? Double.NaN : cpu / 1e9));
    } catch (CellLaunchException | RuntimeException e) {
      remove(name, appDatabase);
      throw e instanceof CellLaunchException launch ? launch : new CellLaunchException(PodFailures.of(lab.client(),
          lab.namespace(), name, cell.id() + " failed in launch 0", CellLauncher.rootMessage(e)), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      remove(name, appDatabase);
      throw new CellLaunchException(PodFailures.of(lab.client(), lab.namespace(), name, cell.id()
          + " failed in launch 0", "interrupted"), e);
    }
  }

  private void create(Cell cell, String image, String name, AppDatabase appDatabase) {
    RunStop.check();
    lab.client().pods().inNamespace(lab.namespace()).resource(Manifests.pod(Manifests.Workload.of(name, cell,
        image, lab.environment(cell, appDatabase, Map.of()), 1, lab.labels(cell.id(), cell.id()),
        lab.nodeSelector(), lab.labAliases()))).create();
  }

  /**
   * Deletes the pod without grace and waits until it is gone, with its exited container on this node (it would hold
   * the image a pulled cold start takes away next), then drops its database.
   */
  private void remove(String name, AppDatabase appDatabase) {
    try {
      lab.client().pods().inNamespace(lab.namespace()).withName(name).withGracePeriod(0).delete();
      lab.client().pods().inNamespace(lab.namespace()).withName(name)
          .waitUntilCondition(pod -> pod == null, 60, TimeUnit.SECONDS);
      NodeDocker.removeAppContainers(lab.namespace(), name, Duration.ofSeconds(60));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      CellLauncher.close(appDatabase);
    }
  }

  /**
   * The pod's memory and CPU through its node's cgroups; null where the harness is not on its node (or is told to
   * read the kubelet instead), and the kubelet's readings are taken.
   */
  private LaunchReading sampleOnNode(String containerId) {
    OptionalLong pid = readsNode ? NodeDocker.hostPidHere(containerId) : OptionalLong.empty();
    return pid.isPresent() ? LaunchReading.read(pid.getAsLong()) : null;
  }

  /**
   * What the app logged as its startup time ({@link StartupLog#awaitReportedMillis}); null for an app without a
   * pattern. Each read of the pod's log is a call to the API server, so it is read less often than a container's.
   */
  private static Double reportedStartupMillis(Cell cell, PodReplica replica) throws InterruptedException {
    return cell.app().startupLogPattern() == null ? null
        : StartupLog.awaitReportedMillis(cell.app().startupLogPattern(), replica::logs, STARTUP_LINE_POLL);
  }

  /** A pod name from the cell's app and mode ("quarkus-jvm"). */
  static String baseName(Cell cell) {
    String name = (cell.app().name() + "-" + cell.mode().name()).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-")
        .replaceAll("^[^a-z]+", "").replaceAll("-+", "-");
    name = name.length() > 40 ? name.substring(0, 40) : name;
    return name.replaceAll("-+$", "").isEmpty() ? "cell" : name.replaceAll("-+$", "");
  }

  private static double millisSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1e6;
  }
}
