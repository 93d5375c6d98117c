package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Database;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The lab's PostgreSQL. Every app container gets a fresh, empty database of its own: apps that
 * run side by side (parity) do not see each other's rows, ids start at 1 in every launch, and
 * every launch's startup includes the same schema migration.
 */
public final class LabDatabase implements AutoCloseable {

  /** The server's own line once the baked cluster accepts connections (docker/postgres). */
  private static final String READY_LOG = ".*database system is ready to accept connections.*";

  private final Database spec;
  /** host:port where the harness reaches the server (a published port, or a cluster's port forward). */
  private final String harnessAddress;
  private final AutoCloseable server;
  private final AtomicInteger created = new AtomicInteger();

  /**
   * A server that runs: {@code harnessAddress} is where the harness reaches it, {@code server} what closing the
   * database stops (an engine's container or pod).
   */
  public LabDatabase(Database spec, String harnessAddress, AutoCloseable server) {
    this.spec = spec;
    this.harnessAddress = harnessAddress;
    this.server = server;
  }

  /** Starts the server on the lab network, pinned to {@code cpuset} (the harness's CPU). */
  static LabDatabase start(Database spec, Network network, String cpuset) {
    GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(spec.image()))
        .withNetwork(network)
        .withNetworkAliases(spec.alias())
        .withExposedPorts(spec.port())
        .withLabels(LabLabels.forRun())
        .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCpusetCpus(cpuset))
        .waitingFor(Wait.forLogMessage(READY_LOG, 1).withStartupTimeout(Duration.ofSeconds(60)));
    try {
      container.start();
    } catch (RuntimeException e) {
      String logs = container.getContainerId() == null ? "" : container.getLogs();
      container.stop();
      throw new IllegalStateException("the database " + spec.image() + " did not start: "
          + CellLauncher.rootMessage(e) + (spec.image().contains("perflab/postgres")
          ? " (build it with ./mvnw -pl docker/postgres package)" : "") + "\n" + logs, e);
    }
    return new LabDatabase(spec, "localhost:" + container.getMappedPort(spec.port()), container::stop);
  }

  /** The server's own line once it accepts connections: how an engine knows it is ready. */
  public static String readyLogPattern() {
    return READY_LOG;
  }

  /** A new empty database; the caller closes it once the app using it is gone. */
  public AppDatabase create() {
    String name = "app_" + created.incrementAndGet();
    execute("CREATE DATABASE " + name);
    return new AppDatabase(name, this);
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (Exception e) {
      throw new IllegalStateException("the lab database " + spec.image() + " was not stopped: " + e.getMessage(), e);
    }
  }

  private void execute(String sql) {
    execute("postgres", sql);
  }

  private void execute(String database, String sql) {
    String url = "jdbc:postgresql://" + harnessAddress + "/" + database;
    try (Connection connection = DriverManager.getConnection(url, spec.user(), spec.password());
         Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new LabServiceException("the lab database refused '" + sql + "': " + e.getMessage(), e);
    }
  }

  /** One app container's database, and the environment that points the app at it (contract v2). */
  public record AppDatabase(String name, LabDatabase server) implements AutoCloseable {

    public Map<String, String> environment() {
      Database spec = server.spec;
      return Map.of(
          "DATABASE_URL", spec.jdbcUrl(name),
          "DATABASE_USER", spec.user(),
          "DATABASE_PASSWORD", spec.password());
    }

    /**
     * Empties contract v2's users table and restarts its ids, as a study empties its database between runs; the
     * app keeps its connections.
     */
    public void empty() {
      server.execute(name, "TRUNCATE TABLE users RESTART IDENTITY");
    }

    /** Drops it; FORCE ends connections a dying app may still hold. */
    @Override
    public void close() {
      server.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
  }
}
