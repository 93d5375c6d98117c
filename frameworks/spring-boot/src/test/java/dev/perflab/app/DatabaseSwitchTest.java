package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
  private static URI base;
  private static final HttpClient client = HttpClient.newHttpClient();

  @BeforeAll
  static void startWithoutADatabase() {
    app = new SpringApplicationBuilder(PerflabApplication.class).run("--server.port=0", "--DATABASE_URL=");
    base = URI.create("http://localhost:" + app.getEnvironment().getProperty("local.server.port"));
  }

  @AfterAll
  static void stop() {
    client.close();
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
