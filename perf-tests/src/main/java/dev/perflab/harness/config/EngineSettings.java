package dev.perflab.harness.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where cells, sets and experiments run: the local Docker engine (the default) or a Kubernetes cluster
 * ({@code -Dperflab.engine=kubernetes}), and how to reach the cluster.
 *
 * @param engine which engine launches the apps
 * @param kubeconfig the cluster's kubeconfig ({@code perflab.kubernetes.kubeconfig}); by default the one
 *     {@code docker/kubernetes/cluster.sh start} writes when it exists, else {@code $KUBECONFIG}, else
 *     {@code ~/.kube/config}
 * @param context the kubeconfig's context to use; null for its current context
 * @param namespacePrefix each lab's namespace is this prefix, '-', the run's id, '-' and the lab's number in the run
 * @param nodeSelector labels a node must have to run the apps (empty: any node); {@code disk=ssd,zone=a}
 * @param registry where the local engine's images are pushed for a cluster whose nodes do not see them ({@code
 *     host[:port][/path]}); null: the nodes run the local engine's images as they are (the cluster here)
 */
public record EngineSettings(Engine engine, Path kubeconfig, String context, String namespacePrefix,
    Map<String, String> nodeSelector, String registry) {

  /** The engines a lab can run on. */
  public enum Engine { LOCAL, KUBERNETES }

  /**
   * Where {@code cluster.sh start} writes its kubeconfig by default; PERFLAB_KUBERNETES_KUBECONFIG moves it for the
   * script and this setting alike.
   */
  public static final Path LOCAL_CLUSTER_KUBECONFIG =
      Path.of(System.getProperty("user.home"), ".perflab", "kubernetes", "kubeconfig");
  /** A namespace name is a DNS label of at most 63 characters; the run's id and the lab's number take about 12. */
  private static final Pattern PREFIX = Pattern.compile("[a-z]([a-z0-9-]{0,40}[a-z0-9])?");
  /** A registry host (a dot, a port or localhost tells it from a Docker Hub user), then path components. */
  private static final Pattern REGISTRY = Pattern.compile(
      "(localhost|[a-z0-9-]+(\\.[a-z0-9-]+)+|[a-z0-9.-]+:[0-9]+|localhost:[0-9]+)(/[a-z0-9]+([._-][a-z0-9]+)*)*");
  private static final Pattern LABEL = Pattern.compile("([a-z0-9.-]+/)?[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?");

  public EngineSettings {
    nodeSelector = Map.copyOf(nodeSelector);
    if (!PREFIX.matcher(namespacePrefix).matches()) {
      throw new IllegalArgumentException("perflab.kubernetes.namespace.prefix: a namespace starts with it, so it must"
          + " be lower-case letters, digits and '-', starting with a letter, at most 42 characters; got '"
          + namespacePrefix + "'");
    }
    if (registry != null && !REGISTRY.matcher(registry).matches()) {
      throw new IllegalArgumentException("perflab.kubernetes.registry: expected a registry as Docker names it,"
          + " host[:port][/path] without a scheme (registry.example.com/team, 127.0.0.1:5000); got '" + registry + "'");
    }
  }

  /** How a report names the local engine; what a record without an engine (written before there were two) means. */
  public static final String LOCAL_DESCRIPTION = "local Docker engine";

  /** Where the run's apps ran, as a report says it. */
  public String describe() {
    return engine == Engine.LOCAL ? LOCAL_DESCRIPTION : "Kubernetes (kubeconfig " + kubeconfig + ", "
        + (context == null ? "its current context" : "context " + context) + (nodeSelector.isEmpty() ? ""
        : ", nodes " + nodeSelector) + (registry == null ? "" : ", images pushed to " + registry) + ")";
  }

  public static EngineSettings read() {
    return new EngineSettings(
        Settings.get("perflab.engine", EngineSettings::engine, Engine.LOCAL),
        Settings.get("perflab.kubernetes.kubeconfig", Path::of, defaultKubeconfig()),
        Settings.get("perflab.kubernetes.context", s -> s, null),
        Settings.get("perflab.kubernetes.namespace.prefix", s -> s, "perflab"),
        Settings.get("perflab.kubernetes.node.selector", EngineSettings::labels, Map.of()),
        Settings.get("perflab.kubernetes.registry", s -> s.isBlank() ? null : s.trim(), null));
  }

  private static Engine engine(String value) {
    try {
      return Engine.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("expected local or kubernetes, got '" + value + "'", e);
    }
  }

  private static Path defaultKubeconfig() {
    if (Files.isRegularFile(LOCAL_CLUSTER_KUBECONFIG)) {
      return LOCAL_CLUSTER_KUBECONFIG;
    }
    String kubeconfig = System.getenv("KUBECONFIG");
    return kubeconfig != null && !kubeconfig.isBlank() ? Path.of(kubeconfig.split(":")[0])
        : Path.of(System.getProperty("user.home"), ".kube", "config");
  }

  /** "disk=ssd,zone=a" as labels, each checked as Kubernetes checks a label. */
  static Map<String, String> labels(String value) {
    Map<String, String> labels = new LinkedHashMap<>();
    for (String pair : value.split(",")) {
      String[] keyValue = pair.trim().split("=", 2);
      if (keyValue.length != 2 || !LABEL.matcher(keyValue[0]).matches()
          || !(keyValue[1].isEmpty() || LABEL.matcher(keyValue[1]).matches())) {
        throw new IllegalArgumentException("expected labels as key=value,key=value (Kubernetes label syntax), got '"
            + pair.trim() + "' in '" + value + "'");
      }
      labels.put(keyValue[0], keyValue[1]);
    }
    return labels;
  }
}
