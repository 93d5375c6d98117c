package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.workload.Users;
import dev.perflab.workload.UsersWithoutDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The app started as an image starts it without DATABASE_URL: no datasource, no Flyway. */
class DatabaseSwitchTest {

  private static EmbeddedServer server;

  @BeforeAll
  static void startWithoutADatabase() {
    assumeTrue(!Users.databaseConfigured(System.getenv(Users.DATABASE_URL_ENV)), "DATABASE_URL is set in this shell");
    server = ApplicationContext.run(EmbeddedServer.class, Map.of("micronaut.server.port", -1));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.getApplicationContext().close();
    }
  }

  @Test
  void theDataStackIsNotThereAtAll() {
    ApplicationContext context = server.getApplicationContext();
    for (Class<?> type : new Class<?>[] {DataSource.class, Flyway.class, UserRepository.class}) {
      assertThat(context.getBeansOfType(type)).as("beans of type %s", type.getName()).isEmpty();
    }
  }

  @Test
  void usersAre503AfterTheirInputIsCheckedAndTheRestAnswersAsWithADatabase() throws Exception {
    UsersWithoutDatabase.assertAnswers(server.getURI());
  }
}
