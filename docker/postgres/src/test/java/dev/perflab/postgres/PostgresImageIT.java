package dev.perflab.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.Slf4jLogConsumer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The image built by build-postgres-image.sh, as the harness will use it: readiness from the
 * server's log line, then JDBC as perflab/perflab on database perflab.
 */
class PostgresImageIT {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresImageIT.class);
    private static final String IMAGE = System.getProperty("perflab.postgres.image", "perflab/postgres:15");
    private static final String MAJOR = System.getProperty("perflab.postgres.major", "15");
    private static final int PORT = 5432;
    /** Logged once by the postmaster when it accepts connections (the cluster is baked in). */
    static final String READY_LOG_REGEX = ".*database system is ready to accept connections.*\\n";

    private static GenericContainer<?> postgres;

    @BeforeAll
    static void start() {
        // Not Wait.forListeningPort(): docker-proxy accepts on the host port before the server
        // listens, and the image has no shell for an in-container check.
        postgres = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withExposedPorts(PORT)
                .withLabel("dev.perflab.test", PostgresImageIT.class.getSimpleName())
                .withLogConsumer(new Slf4jLogConsumer(LoggerFactory.getLogger("postgres")))
                .waitingFor(Wait.forLogMessage(READY_LOG_REGEX, 1).withStartupTimeout(Duration.ofSeconds(60)));
        long started = System.nanoTime();
        postgres.start();
        LOG.info("{} ready {} ms after start()", IMAGE, (System.nanoTime() - started) / 1_000_000);
    }

    @AfterAll
    static void stop() {
        if (postgres != null) {
            postgres.stop();
        }
    }

    private static String url() {
        return "jdbc:postgresql://" + postgres.getHost() + ":" + postgres.getMappedPort(PORT) + "/perflab";
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), "perflab", "perflab");
    }

    @Test
    void startsEmptyAndStoresAndReadsARow() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            try (ResultSet tables = statement.executeQuery(
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")) {
                tables.next();
                assertThat(tables.getInt(1)).as("user tables in a fresh container").isZero();
            }
            statement.execute("CREATE TABLE greeting (id bigint PRIMARY KEY, text varchar(100) NOT NULL)");
            assertThat(statement.executeUpdate("INSERT INTO greeting VALUES (1, 'hello, perflab')")).isEqualTo(1);
            try (ResultSet rows = statement.executeQuery("SELECT id, text FROM greeting")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getLong("id")).isEqualTo(1L);
                assertThat(rows.getString("text")).isEqualTo("hello, perflab");
                assertThat(rows.next()).isFalse();
            }
        }
    }

    @Test
    void isTheExpectedServerAndConfiguration() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            assertThat(connection.getMetaData().getDatabaseMajorVersion()).isEqualTo(Integer.parseInt(MAJOR));
            assertThat(single(statement, "SELECT current_database() || ' ' || current_user"))
                    .isEqualTo("perflab perflab");
            assertThat(single(statement, "SHOW listen_addresses")).isEqualTo("0.0.0.0");
            assertThat(single(statement, "SHOW port")).isEqualTo("5432");
            assertThat(Integer.parseInt(single(statement, "SHOW max_connections"))).isGreaterThanOrEqualTo(100);
            assertThat(single(statement, "SHOW shared_buffers")).isEqualTo("128MB");
            assertThat(single(statement, "SHOW fsync")).isEqualTo("on");
            assertThat(single(statement, "SHOW jit")).isEqualTo("off");
            assertThat(single(statement, "SHOW server_encoding")).isEqualTo("UTF8");
            // The password is stored as a SCRAM verifier, and every network client must give it.
            assertThat(single(statement, "SELECT left(rolpassword, 14) FROM pg_authid WHERE rolname = 'perflab'"))
                    .isEqualTo("SCRAM-SHA-256$");
            assertThat(rows(statement, "SELECT auth_method FROM pg_hba_file_rules WHERE error IS NULL"))
                    .containsOnly("scram-sha-256");
        }
    }

    @Test
    void rejectsAWrongPassword() {
        assertThatThrownBy(() -> DriverManager.getConnection(url(), "perflab", "wrong").close())
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("28P01"));
    }

    @Test
    void runsAsTheNonRootUser() {
        assertThat(postgres.getContainerInfo().getConfig().getUser()).isEqualTo("65532:65532");
    }

    private static String single(Statement statement, String sql) throws SQLException {
        List<String> values = rows(statement, sql);
        assertThat(values).as(sql).hasSize(1);
        return values.getFirst();
    }

    private static List<String> rows(Statement statement, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }
}
