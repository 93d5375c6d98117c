package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.workload.Users;
import dev.perflab.workload.UsersWithoutDatabase;
import io.agroal.api.AgroalDataSource;
import io.quarkus.arc.InjectableInstance;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The app started as an image starts it without DATABASE_URL: datasource, persistence unit and Flyway inactive. */
@QuarkusTest
class DatabaseSwitchTest {

  @TestHTTPResource("/")
  URI base;

  @ConfigProperty(name = DatabaseSwitch.ACTIVE)
  boolean database;

  @Inject
  InjectableInstance<AgroalDataSource> dataSource;

  @Inject
  InjectableInstance<Flyway> flyway;

  @BeforeAll
  static void withoutADatabaseUrl() {
    assumeTrue(!Users.databaseConfigured(System.getenv(Users.DATABASE_URL_ENV)), "DATABASE_URL is set in this shell");
  }

  @Test
  void theDataStackIsInactive() {
    assertThat(database).isFalse();
    assertThat(dataSource.getHandle().getBean().checkActive().value()).isFalse();
    assertThat(flyway.getHandle().getBean().checkActive().value()).isFalse();
  }

  @Test
  void usersAre503AfterTheirInputIsCheckedAndTheRestAnswersAsWithADatabase() throws Exception {
    UsersWithoutDatabase.assertAnswers(base);
  }
}
