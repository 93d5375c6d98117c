package dev.perflab.harness.jmh;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One request at a time against a running cell, timed by JMH's SampleTime: the distribution of
 * single-request latency when nothing queues, for a trivial endpoint and a CPU-bound one. The
 * time includes the JDK HttpClient on the harness CPU (tens of microseconds), the same for
 * every cell. The warm-up iterations give the cell's JIT time to compile the path.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(1)
@State(Scope.Benchmark)
public class RequestLatencyBenchmark {

  @Param("quarkus/jvm/1cpu-512m")
  public String cell;

  @Param({"/hello", "/cpu?iterations=1000"})
  public String path;

  private Lab lab;
  private RunningCell running;
  private HttpClient client;
  private HttpRequest request;

  @Setup(Level.Trial)
  public void startCell() throws CellLaunchException {
    HarnessConfig config = HarnessConfig.load();
    Catalog catalog = CatalogLoader.load(config.catalogFile());
    Cell target = catalog.cells().stream().filter(c -> c.id().equals(cell)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no cell " + cell + " in the catalog"));
    lab = Lab.open(catalog, config);
    running = lab.launcher().startPinned(target);
    client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    request = HttpRequest.newBuilder(
        URI.create("http://" + running.address().getHostString() + ":" + running.address().getPort() + path)).build();
  }

  @Benchmark
  public int request() throws IOException, InterruptedException {
    int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    if (status != 200) {
      throw new IllegalStateException(path + " answered " + status);
    }
    return status;
  }

  @TearDown(Level.Trial)
  public void stopCell() {
    client.close();
    running.close();
    lab.close();
  }
}
