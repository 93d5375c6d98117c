package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.workload.Users;
import io.agroal.api.AgroalDataSource;
import io.quarkus.arc.InjectableInstance;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The app started as an image starts it without DATABASE_URL: the datasource inactive, the users 503. */
@QuarkusTest
class DatabaseSwitchTest {

  private static final HttpClient client = HttpClient.newHttpClient();

  @TestHTTPResource("/")
  URI base;

  @ConfigProperty(name = DatabaseSwitch.ACTIVE)
  boolean database;

  @Inject
  InjectableInstance<AgroalDataSource> dataSource;

  @BeforeAll
  static void withoutADatabaseUrl() {
    assumeTrue(!Users.databaseConfigured(System.getenv(Users.DATABASE_URL_ENV)), "DATABASE_URL is set in this shell");
  }

  @Test
  void theDatasourceAndThePersistenceUnitAreInactive() {
    assertThat(database).isFalse();
    assertThat(dataSource.getHandle().getBean().checkActive().value()).isFalse();
  }

  @Test
  void usersAre503AfterTheirInputIsChecked() throws Exception {
    assertAnswer(send("GET", "users/1", null), 503, "{\"error\":\"no database is configured (DATABASE_URL is not set)\"}");
    assertAnswer(send("POST", "users", "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}"), 503,
        "{\"error\":\"no database is configured (DATABASE_URL is not set)\"}");
    assertAnswer(send("DELETE", "users/abc", null), 400,
        "{\"error\":\"path parameter 'id' must be a positive integer, got 'abc'\"}");
    assertAnswer(send("PUT", "users/1", "{\"name\":\" \",\"email\":\"ada@example.com\"}"), 400,
        "{\"error\":\"field 'name' must not be blank\"}");
  }

  @Test
  void everythingElseAnswersAsWithADatabase() throws Exception {
    assertAnswer(send("GET", "hello", null), 200, "{\"message\":\"Hello, World!\"}");
  }

  private HttpResponse<String> send(String method, String path, String json) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
        .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    if (json != null) {
      request.header("Content-Type", "application/json");
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void assertAnswer(HttpResponse<String> response, int status, String body) {
    assertThat(response.statusCode()).as("%s answered %s", response.uri(), response.body()).isEqualTo(status);
    assertThat(response.body()).isEqualTo(body);
  }
}
