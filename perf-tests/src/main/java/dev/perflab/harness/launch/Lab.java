package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Downstream;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.ServiceLoader;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The lab every cell runs in, on the engine {@code perflab.engine} names. On the local Docker engine (the default):
 * a labelled Docker network with the downstream stub and the database on it (each only when an app of the catalog
 * uses it), and launchers for cells and for sets of them; it sweeps an earlier run's leftovers when opened (and
 * brings back the image tags a killed cold-start run took) and removes everything it started when closed (and,
 * failing that, at JVM exit). Another engine ({@link LabEngine}) gives the same guarantees its own way.
 */
public final class Lab implements AutoCloseable {

  private final CellLauncher launcher;
  private final SetLauncher sets;
  private final Images images;
  /** Null when no app of the catalog uses it. */
  private final DownstreamStub downstream;
  private final AutoCloseable resources;
  private final String engineDescription;

  /**
   * A lab of an engine's parts: {@code resources} closes what it started (the stub and database included), and
   * {@code engineDescription} says where it runs ("local Docker engine 20.10.24", "Kubernetes v1.34.4 at ...").
   */
  public Lab(CellLauncher launcher, SetLauncher sets, Images images, DownstreamStub downstream,
      AutoCloseable resources, String engineDescription) {
    this.launcher = launcher;
    this.sets = sets;
    this.images = images;
    this.downstream = downstream;
    this.resources = resources;
    this.engineDescription = engineDescription;
  }

  public static Lab open(Catalog catalog, HarnessConfig config) {
    EngineSettings settings = EngineSettings.read();
    RunStop.check();
    if (settings.engine() == EngineSettings.Engine.LOCAL) {
      return openLocal(catalog, config);
    }
    return engine(settings).open(catalog, config, settings);
  }

  /**
   * Everything earlier runs that no longer run left, on the local engine and on the engine {@code perflab.engine}
   * names, removed before anything is measured, and the image tags a killed cold-start run took brought back;
   * what was removed, and what live runs own. A lab opened later sweeps again (a test opens labs directly).
   */
  public static LeftoverSweeper.Swept sweepLeftovers(Catalog catalog) throws InterruptedException {
    LeftoverSweeper.Swept swept = LeftoverSweeper.armOnce();
    LocalRegistry.restoreLeftovers(catalog.registry(), catalog.harnessCpuset());
    EngineSettings settings = EngineSettings.read();
    if (settings.engine() == EngineSettings.Engine.LOCAL) {
      return swept;
    }
    return swept.plus(engine(settings).sweepLeftovers(settings));
  }

  private static LabEngine engine(EngineSettings settings) {
    for (LabEngine engine : ServiceLoader.load(LabEngine.class)) {
      if (engine.engine() == settings.engine()) {
        return engine;
      }
    }
    throw new IllegalStateException("perflab.engine=" + settings.engine().name().toLowerCase(Locale.ROOT)
        + " but no engine of that name is on the class path (META-INF/services/" + LabEngine.class.getName() + ")");
  }

  /** A lab on the local Docker engine. */
  public static Lab openLocal(Catalog catalog, HarnessConfig config) {
    LeftoverSweeper.armOnce();
    restoreImages(catalog);
    HarnessCpuAffinity.pinTo(Catalog.cpus(catalog.harnessCpuset()));
    Network network = Network.builder()
        .createNetworkCmdModifier(cmd -> cmd.withLabels(LabLabels.forRun()))
        .build();
    GenericContainer<?> downstream = catalog.uses(LabService.DOWNSTREAM) ? startDownstream(catalog, network) : null;
    LabDatabase database = null;
    if (catalog.uses(LabService.DATABASE)) {
      try {
        database = LabDatabase.start(catalog.database(), network, catalog.harnessCpuset());
      } catch (RuntimeException e) {
        if (downstream != null) {
          downstream.stop();
        }
        network.close();
        throw e;
      }
    }
    DockerCellLauncher launcher = new DockerCellLauncher(catalog, config, network, database);
    LabDatabase startedDatabase = database;
    AutoCloseable resources = () -> {
      if (downstream != null) {
        downstream.stop();
      }
      if (startedDatabase != null) {
        startedDatabase.close();
      }
      network.close();
    };
    Images images = Images.local();
    return new Lab(launcher, new DockerSetLauncher(catalog, launcher, network, config.readyTimeout()), images,
        downstream == null ? null : containerStub(downstream), resources, "local Docker engine " + images.engineVersion());
  }

  private static DownstreamStub containerStub(GenericContainer<?> downstream) {
    return new DownstreamStub() {
      @Override
      public URI controlUri() {
        return URI.create("http://localhost:" + downstream.getFirstMappedPort());
      }

      @Override
      public long hostPid() {
        return downstream.getContainerInfo().getState().getPidLong();
      }

      @Override
      public void stop() {
        downstream.stop();
      }
    };
  }

  /** The tags a killed cold-start run took from the engine, back before anything looks for them. */
  private static void restoreImages(Catalog catalog) {
    try {
      LocalRegistry.restoreLeftovers(catalog.registry(), catalog.harnessCpuset());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while restoring the images a killed cold-start run took", e);
    }
  }

  private static GenericContainer<?> startDownstream(Catalog catalog, Network network) {
    Downstream stub = catalog.downstream();
    GenericContainer<?> downstream = new GenericContainer<>(DockerImageName.parse(stub.image()))
        .withNetwork(network)
        .withNetworkAliases(stub.alias())
        .withExposedPorts(stub.port())
        .withLabels(LabLabels.forRun())
        // Off the measured CPU, like the database: a cell's calls to it must not take the cell's CPU.
        .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCpusetCpus(catalog.harnessCpuset()))
        .waitingFor(Wait.forHttp("/health").forStatusCode(200).withStartupTimeout(Duration.ofSeconds(60)));
    try {
      downstream.start();
    } catch (RuntimeException e) {
      downstream.stop();
      network.close();
      throw new IllegalStateException("the downstream stub " + stub.image() + " did not start: "
          + CellLauncher.rootMessage(e) + "\n" + downstream.getLogs(), e);
    }
    return downstream;
  }

  public CellLauncher launcher() {
    return launcher;
  }

  /** Launches sets of services (a cell is a set of one). */
  public SetLauncher sets() {
    return sets;
  }

  /** The images the engine runs, and the one rule for a cell whose image is missing. */
  public Images images() {
    return images;
  }

  /** Where the lab runs, for reports: the engine and its version (and the cluster's address). */
  public String engineDescription() {
    return engineDescription;
  }

  /** The stub as seen from the host, for its control endpoints ({@code /mode/...}). */
  public URI downstreamControlUri() {
    return requireDownstream().controlUri();
  }

  /** The stub's main process as the host sees it, for its CPU beside a cell's. */
  public long downstreamHostPid() {
    return requireDownstream().hostPid();
  }

  /** Stops the stub: the apps' downstream becomes unreachable (its name no longer resolves). */
  public void stopDownstream() {
    requireDownstream().stop();
  }

  private DownstreamStub requireDownstream() {
    if (downstream == null) {
      throw new IllegalStateException("this lab has no downstream stub: no app of its catalog uses it (apps[].uses)");
    }
    return downstream;
  }

  @Override
  public void close() {
    try {
      resources.close();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("the lab was not closed cleanly: " + e.getMessage(), e);
    }
  }
}
