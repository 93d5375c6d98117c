package dev.perflab.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * The image built by build-haproxy-image.sh, run as the harness runs it: a configuration copied in before the
 * start, requests balanced over a live server and a dead one (its own stats page, and a port nothing listens
 * on), the dead one taken out by its health checks, which the log on stdout and the CSV stats both say.
 */
class HaproxyImageIT {

  private static final String IMAGE = System.getProperty("perflab.haproxy.image", "perflab/haproxy:2.6");
  private static final String CONFIG_PATH = "/usr/local/etc/haproxy/haproxy.cfg";
  private static final int EDGE_PORT = 8080;
  private static final int STATS_PORT = 8404;
  private static final String CONFIG = """
      global
        log stdout format raw daemon
      defaults
        mode http
        log global
        timeout connect 1s
        timeout client 5s
        timeout server 5s
      frontend edge
        bind :8080
        no log
        default_backend be_app
      backend be_app
        option httpchk GET /stats
        default-server check inter 200ms fall 2 rise 1
        server live 127.0.0.1:8404
        server dead 127.0.0.1:9
      listen stats
        bind :8404
        no log
        stats enable
        stats uri /stats
      """;

  private static GenericContainer<?> haproxy;

  @BeforeAll
  static void start() {
    // Not Wait.forListeningPort(): docker-proxy accepts on the host port before haproxy listens, and the
    // image has no shell for an in-container check. The dead server's DOWN line is what proves it runs.
    haproxy = new GenericContainer<>(DockerImageName.parse(IMAGE))
        .withCopyToContainer(Transferable.of(CONFIG), CONFIG_PATH)
        .withExposedPorts(EDGE_PORT, STATS_PORT)
        .withLabel("dev.perflab.test", HaproxyImageIT.class.getSimpleName())
        .waitingFor(Wait.forLogMessage(".*Server be_app/dead is DOWN.*\\n", 1).withStartupTimeout(Duration.ofSeconds(30)));
    haproxy.start();
  }

  @AfterAll
  static void stop() {
    if (haproxy != null) {
      haproxy.stop();
    }
  }

  @Test
  void itBalancesToTheLiveServerAndTellsTheDeadOneApart() throws Exception {
    assertThat(get(EDGE_PORT, "/stats")).as("a request through the edge").contains("be_app");

    List<String> rows = get(STATS_PORT, "/stats;csv").lines().toList();

    assertThat(rows.getFirst()).startsWith("# pxname,svname,");
    assertThat(rows).anySatisfy(row -> assertThat(row).startsWith("be_app,live,").contains(",UP,"));
    assertThat(rows).anySatisfy(row -> assertThat(row).startsWith("be_app,dead,").contains(",DOWN,"));
    assertThat(haproxy.getLogs()).contains("Server be_app/dead is DOWN, reason: Layer4 connection problem");
  }

  @Test
  void itRunsAsItsOwnUserWithoutAShell() {
    var config = DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec().getConfig();

    assertThat(config.getUser()).isEqualTo("65532:65532");
    assertThat(config.getEntrypoint()).containsExactly("/usr/sbin/haproxy");
    assertThat(config.getCmd()).containsExactly("-f", CONFIG_PATH, "-db");
  }

  private static String get(int port, String path) throws Exception {
    try (HttpClient http = HttpClient.newHttpClient()) {
      URI uri = URI.create("http://127.0.0.1:" + haproxy.getMappedPort(port) + path);
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as("GET %s: %s", uri, response.body()).isEqualTo(200);
      return response.body();
    }
  }
}
