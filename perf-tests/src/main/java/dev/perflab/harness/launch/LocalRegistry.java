package dev.perflab.harness.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.PullResponseItem;
import com.github.dockerjava.api.model.Volume;
import dev.perflab.harness.catalog.Registry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The catalog's registry on loopback, its storage in the labelled volume {@value #VOLUME}: images are
 * pushed to it before their tags are taken from the engine, so the volume is the record of what must
 * come back. {@link #restoreLeftovers} brings back what a killed run took and only then removes the
 * volume; {@link #restore} does the same at the end of a run.
 */
public final class LocalRegistry implements AutoCloseable {

  /** Where the blobs live between a push and the restore, also across a killed run. */
  public static final String VOLUME = "perflab-cold-start-registry";
  private static final Logger LOG = LoggerFactory.getLogger(LocalRegistry.class);
  private static final int PORT = 5000;
  private static final String MANIFEST_V2 = "application/vnd.docker.distribution.manifest.v2+json";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern LOOPBACK_TAG = Pattern.compile("127\\.0\\.0\\.1:\\d+/(.+)");

  private final DockerClient docker;
  private final GenericContainer<?> container;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  /** Every image this registry's run pushed, by its local name. */
  private final Set<String> pushed = new HashSet<>();

  private LocalRegistry(DockerClient docker, GenericContainer<?> container) {
    this.docker = docker;
    this.container = container;
  }

  /**
   * One manifest's layers, as the registry serves it.
   *
   * @param layers per layer digest ({@code sha256:...}), its compressed size in bytes
   * @param configBytes the image configuration's size (its digest is the image ID)
   */
  public record Manifest(Map<String, Long> layers, long configBytes) {

    public long compressedBytes() {
      return configBytes + layers.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /**
   * One pull, as the engine reported it.
   *
   * @param pullMillis from the pull call to its end (download, verification and extraction)
   * @param pulledBytes compressed bytes of the layers the engine fetched, and the configuration
   * @param pulledLayers layers fetched; {@code presentLayers} were already on the engine
   * @param imageId the pulled image's ID
   */
  public record Pull(double pullMillis, long pulledBytes, int pulledLayers, int presentLayers, String imageId) {}

  /** Starts the registry on the volume (created if absent), off the measured CPU. */
  public static LocalRegistry start(Registry registry, String harnessCpuset) {
    DockerClient docker = DockerClientFactory.instance().client();
    LeftoverSweeper.armOnce();
    try {
      docker.inspectVolumeCmd(VOLUME).exec();
    } catch (NotFoundException e) {
      docker.createVolumeCmd().withName(VOLUME).withLabels(LabLabels.forRun()).exec();
    }
    // Not Wait.forListeningPort(): docker-proxy accepts on the host port before the registry listens.
    GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(registry.image()))
        .withExposedPorts(PORT)
        .withLabels(LabLabels.forRun())
        .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
            .withBinds(new Bind(VOLUME, new Volume("/var/lib/registry")))
            .withCpusetCpus(harnessCpuset))
        .waitingFor(Wait.forLogMessage(".*listening on.*\\n", 1).withStartupTimeout(Duration.ofSeconds(60)));
    try {
      container.start();
    } catch (RuntimeException e) {
      container.stop();
      throw new IllegalStateException("the registry " + registry.image() + " did not start (build it with ./mvnw"
          + " package): " + CellLauncher.rootMessage(e), e);
    }
    return new LocalRegistry(docker, container);
  }

  /**
   * Brings back every tag a killed run left in the volume and removes the volume; nothing to do
   * without one. Runs before anything else of a cold-start run touches the engine's images.
   */
  public static void restoreLeftovers(Registry registry, String harnessCpuset) throws InterruptedException {
    try {
      DockerClientFactory.instance().client().inspectVolumeCmd(VOLUME).exec();
    } catch (NotFoundException e) {
      return;
    }
    LOG.warn("The registry volume {} holds image tags a cold-start run took from the engine: restoring them", VOLUME);
    try (LocalRegistry leftover = start(registry, harnessCpuset)) {
      leftover.restore();
    }
    removeVolume();
  }

  /** "127.0.0.1:port", where the engine pushes and pulls. */
  public String address() {
    return "127.0.0.1:" + container.getMappedPort(PORT);
  }

  /** The local port the registry answers on, for a relay in front of it. */
  public int port() {
    return container.getMappedPort(PORT);
  }

  /** Pushes {@code image} (a tag the engine has); kept in the volume until the restore. */
  public void push(String image) throws InterruptedException {
    RunStop.check();
    Name name = Name.of(image);
    String remote = address() + "/" + name.repository();
    docker.tagImageCmd(image, remote, name.tag()).exec();
    try {
      docker.pushImageCmd(remote).withTag(name.tag()).start().awaitCompletion();
    } finally {
      docker.removeImageCmd(remote + ":" + name.tag()).exec();
    }
    pushed.add(image);
  }

  /** Whether {@code image} was pushed by this run. */
  public boolean holds(String image) {
    return pushed.contains(image);
  }

  /** {@code image}'s manifest as pushed. */
  public Manifest manifest(String image) throws IOException, InterruptedException {
    Name name = Name.of(image);
    JsonNode manifest = get("/v2/" + name.repository() + "/manifests/" + name.tag(), MANIFEST_V2);
    Map<String, Long> layers = new LinkedHashMap<>();
    manifest.path("layers").forEach(layer -> layers.put(layer.path("digest").asText(), layer.path("size").asLong()));
    return new Manifest(layers, manifest.path("config").path("size").asLong());
  }

  /**
   * Pulls {@code image} from {@code address} (this registry, or a relay in front of it) and tags it
   * under its own name again, counting what the engine fetched against what it already had.
   */
  public Pull pull(String image, String address) throws IOException, InterruptedException {
    Manifest manifest = manifest(image);
    Name name = Name.of(image);
    String remote = address + "/" + name.repository();
    Map<String, String> lastStatus = new HashMap<>();
    long start = System.nanoTime();
    docker.pullImageCmd(remote).withTag(name.tag()).exec(new ResultCallback.Adapter<PullResponseItem>() {
      @Override
      public void onNext(PullResponseItem item) {
        if (item.getId() != null && item.getStatus() != null) {
          lastStatus.merge(item.getId(), item.getStatus(), (before, now) -> before.equals("Already exists") ? before : now);
        }
      }
    }).awaitCompletion();
    double pullMillis = (System.nanoTime() - start) / 1e6;
    long bytes = manifest.configBytes();
    int fetched = 0;
    int present = 0;
    for (Map.Entry<String, Long> layer : manifest.layers().entrySet()) {
      // The engine names a layer by the first 12 hex digits of its digest.
      String shortId = layer.getKey().substring("sha256:".length(), "sha256:".length() + 12);
      if ("Already exists".equals(lastStatus.get(shortId))) {
        present++;
      } else {
        fetched++;
        bytes += layer.getValue();
      }
    }
    String id = docker.inspectImageCmd(remote + ":" + name.tag()).exec().getId();
    docker.tagImageCmd(remote + ":" + name.tag(), name.repository(), name.tag()).exec();
    docker.removeImageCmd(remote + ":" + name.tag()).exec();
    return new Pull(pullMillis, bytes, fetched, present, id);
  }

  /**
   * Tags the engine lacks among those the registry holds, pulled back under their own names (the same
   * image IDs: an image's ID is its configuration's digest).
   */
  public void restore() throws InterruptedException {
    List<String> restored = new ArrayList<>();
    try {
      List<String> held = images();
      removeRegistryTags(held);
      for (String image : held) {
        if (restore(image)) {
          restored.add(image);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("the registry at " + address() + " did not list its images; the volume "
          + VOLUME + " keeps them for the next run: " + e.getMessage(), e);
    }
    if (!restored.isEmpty()) {
      LOG.info("Restored {} image tag(s) from the registry: {}", restored.size(), restored);
    }
  }

  /**
   * {@code image} pulled back under its own name if the engine lacks it (the rest wait for {@link #restore()});
   * whether it did.
   */
  public boolean restore(String image) throws IOException, InterruptedException {
    if (new Images(docker).find(image).isPresent()) {
      return false;
    }
    pull(image, address());
    return true;
  }

  /**
   * Removes the engine's tags under a loopback registry's name ("127.0.0.1:32827/perflab/quarkus:…") of
   * images this registry holds: a push or pull killed half-way leaves one (any port, as each run's
   * registry gets its own); a tag of another image under such a name is someone else's and stays.
   */
  private void removeRegistryTags(List<String> held) {
    for (var image : docker.listImagesCmd().exec()) {
      for (String tag : image.getRepoTags() == null ? new String[0] : image.getRepoTags()) {
        Matcher loopback = LOOPBACK_TAG.matcher(tag);
        if (loopback.matches() && held.contains(loopback.group(1))) {
          docker.removeImageCmd(tag).exec();
        }
      }
    }
  }

  /**
   * Every image the registry holds, as the engine names it ("perflab/quarkus:3.37.3-jvm"): up to the
   * thousand repositories the registry lists at once, far more than a lab has.
   */
  List<String> images() throws IOException, InterruptedException {
    List<String> images = new ArrayList<>();
    for (JsonNode repository : get("/v2/_catalog?n=1000", "application/json").path("repositories")) {
      for (JsonNode tag : get("/v2/" + repository.asText() + "/tags/list", "application/json").path("tags")) {
        images.add(repository.asText() + ":" + tag.asText());
      }
    }
    return images;
  }

  private JsonNode get(String path, String accept) throws IOException, InterruptedException {
    URI uri = URI.create("http://" + address() + path);
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).header("Accept", accept)
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + uri + ": " + response.statusCode() + " " + response.body());
    }
    return JSON.readTree(response.body());
  }

  /** Removes the volume: only once every tag it held is back on the engine. */
  public static void removeVolume() {
    try {
      DockerClientFactory.instance().client().removeVolumeCmd(VOLUME).exec();
    } catch (NotFoundException e) {
      // Already gone.
    }
  }

  @Override
  public void close() {
    container.stop();
  }

  /** An image name split where the engine and the registry split it: repository, then tag. */
  record Name(String repository, String tag) {

    static Name of(String image) {
      int slash = image.lastIndexOf('/');
      int colon = image.lastIndexOf(':');
      if (colon <= slash || image.contains("@")) {
        throw new IllegalArgumentException("image '" + image + "' has no tag: the cold-start experiment pushes and"
            + " restores images by tag");
      }
      String repository = image.substring(0, colon);
      if (repository.contains(":")) {
        throw new IllegalArgumentException("image '" + image + "' names a registry with a port; the local registry"
            + " cannot hold it under that name");
      }
      return new Name(repository, image.substring(colon + 1));
    }
  }
}
