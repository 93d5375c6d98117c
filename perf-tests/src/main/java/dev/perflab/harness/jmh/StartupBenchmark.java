package dev.perflab.harness.jmh;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
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
 * Startup as JMH sees it: every invocation creates and starts a fresh container of the cell
 * (pinned, with its limits) and returns at the first 200 from its readiness path. SingleShotTime
 * times each invocation once, cold, which is what a startup is; removing the container happens
 * in an untimed per-invocation teardown. JMH then gives a mean with its error over the
 * invocations of several forks, a second opinion on the harness's own medians.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 4)
@Fork(2)
@State(Scope.Benchmark)
public class StartupBenchmark {

  /** A catalog cell id; the JMH part passes every cell of the load profile. */
  @Param("quarkus/jvm/1cpu-512m")
  public String cell;

  private Lab lab;
  private Cell target;
  private RunningCell running;

  @Setup(Level.Trial)
  public void openLab() {
    HarnessConfig config = HarnessConfig.load();
    Catalog catalog = CatalogLoader.load(config.catalogFile());
    target = catalog.cells().stream().filter(c -> c.id().equals(cell)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no cell " + cell + " in the catalog"));
    lab = Lab.open(catalog, config);
  }

  @Benchmark
  public RunningCell startToFirstOk() throws CellLaunchException {
    running = lab.launcher().startPinned(target);
    return running;
  }

  @TearDown(Level.Invocation)
  public void removeContainer() {
    if (running != null) {
      running.close();
      running = null;
    }
  }

  @TearDown(Level.Trial)
  public void closeLab() {
    lab.close();
  }
}
