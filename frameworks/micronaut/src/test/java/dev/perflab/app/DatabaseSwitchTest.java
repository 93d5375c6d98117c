package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.workload.Users;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The app started as an image starts it without DATABASE_URL: no datasource, no Flyway, the users 503. */
class DatabaseSwitchTest {

  private static EmbeddedServer server;
  private static URI base;
  private static final HttpClient client = HttpClient.newHttpClient();

  @BeforeAll
  static void startWithoutADatabase() {
    assumeTrue(!Users.databaseConfigured(System.getenv(Users.DATABASE_URL_ENV)), "DATABASE_URL is set in this shell");
    server = ApplicationContext.run(EmbeddedServer.class, Map.of("micronaut.server.port", -1));
    base = server.getURI();
  }

  @AfterAll
  static void stop() {
    client.close();
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
  void usersAre503AfterTheirInputIsChecked() throws Exception {
    assertAnswer(send("GET", "/users/1", null), 503, "{\"error\":\"no database is configured (DATABASE_URL is not set)\"}");
    assertAnswer(send("POST", "/users", "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}"), 503,
        "{\"error\":\"no database is configured (DATABASE_URL is not set)\"}");
    assertAnswer(send("DELETE", "/users/abc", null), 400,
        "{\"error\":\"path parameter 'id' must be a positive integer, got 'abc'\"}");
    assertAnswer(send("PUT", "/users/1", "{\"name\":\" \",\"email\":\"ada@example.com\"}"), 400,
        "{\"error\":\"field 'name' must not be blank\"}");
  }

  @Test
  void everythingElseAnswersAsWithADatabase() throws Exception {
    assertAnswer(send("GET", "/hello", null), 200, "{\"message\":\"Hello, World!\"}");
  }

  private static HttpResponse<String> send(String method, String path, String json) throws Exception {
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
