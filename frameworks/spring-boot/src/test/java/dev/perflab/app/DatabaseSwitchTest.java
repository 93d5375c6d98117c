package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.perflab.workload.UsersWithoutDatabase;
import java.net.URI;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;

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
    for (Class<?> type : new Class<?>[] {DataSource.class, HikariDataSource.class, Flyway.class,
        PlatformTransactionManager.class, UserRepository.class}) {
      assertThat(app.getBeanNamesForType(type)).as("beans of type %s", type.getName()).isEmpty();
    }
  }

  @Test
  void usersAre503AfterTheirInputIsCheckedAndTheRestAnswersAsWithADatabase() throws Exception {
    UsersWithoutDatabase.assertAnswers(URI.create("http://localhost:" + app.getEnvironment().getProperty("local.server.port")));
  }
}
