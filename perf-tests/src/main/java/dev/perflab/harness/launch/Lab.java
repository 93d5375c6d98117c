package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Downstream;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.HarnessConfig;
import java.net.URI;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The lab every cell runs in: a labelled Docker network with the downstream stub and the
 * database on it (each only when an app of the catalog uses it), and launchers for cells and for sets of
 * them. Sweeps an earlier run's leftovers when opened (and brings back the image tags a killed
 * cold-start run took); removes everything it started when closed (and,
 * failing that, at JVM exit).
 */
public final class Lab implements AutoCloseable {

  private final Network network;
  private final GenericContainer<?> downstream;
  private final LabDatabase database;
  private final CellLauncher launcher;
  private final SetLauncher sets;
  private final Images images = Images.local();

  private Lab(Network network, GenericContainer<?> downstream, LabDatabase database, CellLauncher launcher,
      SetLauncher sets) {
    this.network = network;
    this.downstream = downstream;
    this.database = database;
    this.launcher = launcher;
    this.sets = sets;
  }

  public static Lab open(Catalog catalog, HarnessConfig config) {
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
    CellLauncher launcher = new CellLauncher(catalog, config, network, database);
    return new Lab(network, downstream, database, launcher,
        new SetLauncher(catalog, launcher, network, config.readyTimeout()));
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

  /** Launches sets of services on the lab network (a cell is a set of one). */
  public SetLauncher sets() {
    return sets;
  }

  /** The local engine's images, and the one rule for a cell whose image is missing. */
  public Images images() {
    return images;
  }

  /** The stub as seen from the host, for its control endpoints ({@code /mode/...}). */
  public URI downstreamControlUri() {
    requireDownstream();
    return URI.create("http://localhost:" + downstream.getFirstMappedPort());
  }

  /** The stub's main process as the host sees it, for its CPU beside a cell's. */
  public long downstreamHostPid() {
    requireDownstream();
    return downstream.getContainerInfo().getState().getPidLong();
  }

  /** Stops the stub: the apps' downstream becomes unreachable (its name no longer resolves). */
  public void stopDownstream() {
    requireDownstream();
    downstream.stop();
  }

  private void requireDownstream() {
    if (downstream == null) {
      throw new IllegalStateException("this lab has no downstream stub: no app of its catalog uses it (apps[].uses)");
    }
  }

  @Override
  public void close() {
    if (downstream != null) {
      downstream.stop();
    }
    if (database != null) {
      database.close();
    }
    network.close();
  }
}
