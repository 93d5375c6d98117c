package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.LabDatabase;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.launch.LabLabels;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's lab on a cluster: its namespace, the client, the lab's stub and database as Services of the namespace
 * (their names as the apps' environment gives them, at their cluster addresses), and what every app is given, as
 * the local engine gives it: the app's environment, the JVM options, the stub's URL and a database of its own.
 */
final class ClusterLab {

  private static final Logger LOG = LoggerFactory.getLogger(ClusterLab.class);
  /** The kubelet's CFS period unless its configuration says otherwise: what a pod's quota is enforced over. */
  static final Duration KUBELET_CFS_PERIOD = Duration.ofMillis(100);

  private final KubernetesClient client;
  private final String namespace;
  private final Catalog catalog;
  private final HarnessConfig config;
  private final EngineSettings settings;
  private final Map<String, String> labAliases;
  /** Null when no app of the catalog uses it. */
  private final LabDatabase database;
  private final AtomicInteger launched = new AtomicInteger();
  /** Null where the nodes run the local engine's images as they are. */
  private final ImagePusher pusher;

  ClusterLab(KubernetesClient client, String namespace, Catalog catalog, HarnessConfig config, EngineSettings settings,
      Map<String, String> labAliases, LabDatabase database) {
    this.client = client;
    this.namespace = namespace;
    this.catalog = catalog;
    this.config = config;
    this.settings = settings;
    this.labAliases = Map.copyOf(labAliases);
    this.database = database;
    this.pusher = settings.registry() == null ? null : new ImagePusher(settings.registry());
  }

  KubernetesClient client() {
    return client;
  }

  String namespace() {
    return namespace;
  }

  Duration readyTimeout() {
    return config.readyTimeout();
  }

  HarnessConfig config() {
    return config;
  }

  Catalog catalog() {
    return catalog;
  }

  Map<String, String> nodeSelector() {
    return settings.nodeSelector();
  }

  /** The lab's names (the stub's, the database's) at their cluster addresses: every pod resolves them. */
  Map<String, String> labAliases() {
    return labAliases;
  }

  /** A name for the next launch's objects: {@code base-N}, unique in the namespace (two cells of one app at once). */
  String nextName(String base) {
    String name = base + "-" + launched.incrementAndGet();
    return name.length() <= 50 ? name : base.substring(0, 40) + "-" + launched.get();
  }

  /** How the cluster names one of the local engine's images: pushed to the registry named, if one is. */
  String image(String localImage) {
    return pusher == null ? localImage : pusher.reference(localImage);
  }

  /** A fresh database for an app that uses one, else null. */
  AppDatabase databaseFor(Cell cell) {
    return cell.app().uses(LabService.DATABASE) ? database.create() : null;
  }

  /** What every app is given, as the local engine gives it; {@code added} (a set's service environment) last. */
  Map<String, String> environment(Cell cell, AppDatabase appDatabase, Map<String, String> added) {
    Map<String, String> environment = new LinkedHashMap<>(cell.app().environment());
    environment.put("JDK_JAVA_OPTIONS", catalog.jdkJavaOptions());
    if (cell.app().uses(LabService.DOWNSTREAM)) {
      environment.put("DOWNSTREAM_URL", catalog.downstream().url());
    }
    if (appDatabase != null) {
      environment.putAll(appDatabase.environment());
    }
    environment.putAll(added);
    return environment;
  }

  /**
   * The labels of a set's objects (a cell is a set of one). Not the lab's owner and run labels: the runtime copies a
   * pod's labels onto its containers, and the local engine's sweep would take those for its own leftovers. The
   * namespace carries them, and a sweep deletes the namespace.
   */
  Map<String, String> labels(String setId, String cellId) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(LabLabels.SET_KEY, Manifests.labelValue(setId));
    labels.put(LabLabels.CELL_KEY, Manifests.labelValue(cellId));
    return labels;
  }

  /** A CFS period the kubelet does not enforce: said, not refused, so a topology runs as its file says elsewhere. */
  void warnAboutPeriod(String setId, String service, Duration asked) {
    if (!asked.equals(KUBELET_CFS_PERIOD)) {
      LOG.warn("{}: service '{}' asks a {} ms CFS period; on Kubernetes its quota is enforced over the kubelet's"
          + " period (100 ms unless the kubelet's cpuCFSQuotaPeriod says otherwise)", setId, service,
          asked.toNanos() / 1e6);
    }
  }
}
