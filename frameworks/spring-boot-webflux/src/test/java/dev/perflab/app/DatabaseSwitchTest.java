package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.perflab.workload.UsersWithoutDatabase;
import io.r2dbc.spi.ConnectionFactory;
import java.net.URI;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.r2dbc.core.R2dbcEntityOperations;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;

/** The app started as a JVM-mode image starts it, without DATABASE_URL (empty here, whatever the shell has). */
class DatabaseSwitchTest {

  private static ConfigurableApplicationContext app;

  @BeforeAll
  static void startWithoutADatabase() {
    app = new SpringApplicationBuilder(PerflabApplication.class).run("--server.port=0", "--DATABASE_URL=");
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void theDataStackIsNotThereAtAll() {
    for (Class<?> type : new Class<?>[] {ConnectionFactory.class, DatabaseClient.class, R2dbcEntityOperations.class,
        DataSource.class, Flyway.class, ReactiveTransactionManager.class, UserRepository.class}) {
      assertThat(app.getBeanNamesForType(type)).as("beans of type %s", type.getName()).isEmpty();
    }
    assertThat(app.getEnvironment().getProperty(DatabaseSwitch.R2dbcUrl.PROPERTY)).isNull();
  }

  @Test
  void usersAre503AfterTheirInputIsCheckedAndTheRestAnswersAsWithADatabase() throws Exception {
    UsersWithoutDatabase.assertAnswers(URI.create("http://localhost:" + app.getEnvironment().getProperty("local.server.port")));
  }

  @Test
  void theR2dbcUrlIsTheJdbcUrlsServerAndDatabase() {
    assertThat(DatabaseSwitch.R2dbcUrl.of("jdbc:postgresql://postgres:5432/perflab"))
        .isEqualTo("r2dbc:postgresql://postgres:5432/perflab");
    assertThat(DatabaseSwitch.R2dbcUrl.of("jdbc:postgresql://db:6543/app_7?sslmode=disable"))
        .isEqualTo("r2dbc:postgresql://db:6543/app_7?sslmode=disable");
    assertThatIllegalArgumentException().isThrownBy(() -> DatabaseSwitch.R2dbcUrl.of("postgres://db/app"))
        .withMessageContaining("DATABASE_URL must be a JDBC URL");
  }
}
