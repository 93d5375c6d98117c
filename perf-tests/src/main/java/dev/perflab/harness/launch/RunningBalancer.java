package dev.perflab.harness.launch;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import dev.perflab.harness.catalog.ResourceProfile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.images.builder.Transferable;

/**
 * A set's HAProxy container, running: the host's entry point to the set ({@link #edgeUri()}), its stats and the
 * changes of its replicas' states as it saw them. Pinned to the measured CPUs under its own quota, labelled like the
 * replicas (replica {@value LabLabels#BALANCER_REPLICA}), so a sweep finds it as it finds them.
 */
public final class RunningBalancer implements AutoCloseable {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Duration POLL_INTERVAL = Duration.ofMillis(50);

  private final CellContainer container;
  private final String config;

  private RunningBalancer(CellContainer container, String config) {
    this.container = container;
    this.config = config;
  }

  /**
   * Starts the balancer of {@code set}, whose replicas already answer, and returns once every replica has passed a
   * health check: from then on a request through the edge may go to any of them. On failure it is removed.
   */
  static RunningBalancer start(ContainerSet set, String image, String cpuset, Network network, Duration readyTimeout)
      throws CellLaunchException, InterruptedException {
    BalancerSpec spec = set.balancer();
    String config = HaproxyConfig.of(set);
    CellContainer container = new CellContainer(image)
        .withNetwork(network)
        .withCopyToContainer(Transferable.of(config), HaproxyConfig.PATH)
        .withExposedPorts(HaproxyConfig.EDGE_PORT, HaproxyConfig.STATS_PORT)
        .withLimits(new ResourceProfile(LabLabels.BALANCER_REPLICA, spec.cpus(), spec.memoryMebibytes()))
        .withCpuset(cpuset)
        .withLabels(LabLabels.forBalancer(set.id()))
        // Readiness is every replica's first passed check, polled below once the container runs.
        .waitingFor(new AbstractWaitStrategy() {
          @Override
          protected void waitUntilReady() {}
        });
    if (spec.mode() == BalancerSpec.Mode.HAPROXY) {
      container.withNetworkAliases(set.services().stream().map(SetService::name).toArray(String[]::new));
    }
    RunningBalancer balancer = new RunningBalancer(container, config);
    try {
      container.start();
      balancer.awaitEveryServerChecked(readyTimeout);
      return balancer;
    } catch (RuntimeException e) {
      CellLaunchException failure = new CellLaunchException(container.failure("the balancer of the set '" + set.id()
          + "' (" + image + ")", "start: " + CellLauncher.rootMessage(e)), e);
      container.stop();
      throw failure;
    } catch (InterruptedException e) {
      container.stop();
      throw e;
    }
  }

  private void awaitEveryServerChecked(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<BalancerServerStats> servers = List.of();
    RuntimeException unanswered = null;
    while (System.nanoTime() < deadline) {
      try {
        servers = stats().stream().filter(row -> !row.server().equals(BalancerServerStats.BACKEND)).toList();
        unanswered = null;
        if (servers.stream().allMatch(row -> row.status().equals("UP") && row.checkStatus().equals("L7OK"))) {
          return;
        }
      } catch (RuntimeException e) {
        unanswered = e; // not listening yet: docker-proxy accepts before HAProxy does
      }
      if (!container.stillRunning()) {
        throw new IllegalStateException("HAProxy exited");
      }
      Thread.sleep(POLL_INTERVAL);
    }
    if (unanswered != null) {
      throw new IllegalStateException("its stats did not answer within " + timeout.toSeconds() + " s: "
          + CellLauncher.rootMessage(unanswered), unanswered);
    }
    throw new IllegalStateException("not every replica passed a health check within " + timeout.toSeconds() + " s ("
        + servers.stream().map(row -> row.proxy() + "/" + row.server() + " " + row.status() + " " + row.checkStatus())
            .collect(Collectors.joining(", "))
        + "); L7STS is an answer other than 2xx/3xx to the health path, L4CON and L4TOUT a replica not listening");
  }

  /**
   * The edge at the balancer's own address on the lab network: every request the host sends the set goes here, and
   * not through the published port, where docker-proxy would be the bottleneck (as for a cell's load).
   */
  public URI edgeUri() {
    return URI.create("http://" + container.networkIp() + ":" + HaproxyConfig.EDGE_PORT);
  }

  /** HAProxy's process as the host sees it, to sample its CPU and memory beside the replicas'. */
  public long hostPid() {
    return container.hostPid();
  }

  /** Every backend's and replica's row of the stats now, read over HTTP from the host. */
  public List<BalancerServerStats> stats() {
    URI uri = URI.create("http://localhost:" + container.getMappedPort(HaproxyConfig.STATS_PORT)
        + HaproxyConfig.STATS_PATH + ";csv");
    try {
      HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("GET " + uri + " answered " + response.statusCode() + ": " + response.body());
      }
      return BalancerServerStats.parse(response.body());
    } catch (IOException e) {
      throw new IllegalStateException("GET " + uri + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the balancer's stats at " + uri, e);
    }
  }

  /**
   * Every change of a replica's state the balancer has logged so far, in order. Read from stdout only: HAProxy also
   * writes each as a warning to stderr, which would count it twice.
   */
  public List<ServerStateChange> stateChanges() {
    StringBuilder log = new StringBuilder();
    try {
      container.getDockerClient().logContainerCmd(container.getContainerId())
          .withStdOut(true).withStdErr(false).withTimestamps(true)
          .exec(new ResultCallback.Adapter<Frame>() {
            @Override
            public void onNext(Frame frame) {
              log.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
            }
          }).awaitCompletion();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the balancer's log", e);
    }
    return ServerStateChange.parse(log.toString());
  }

  /** The haproxy.cfg it runs, to keep beside what was measured through it. */
  public String config() {
    return config;
  }

  @Override
  public void close() {
    container.stop();
  }
}
