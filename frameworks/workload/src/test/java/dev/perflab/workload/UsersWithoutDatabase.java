package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * What every app started without a database answers over HTTP (docs/contract-v2.md, "Without a
 * database"): the users requests that need it are 503, after their input is checked; the rest as
 * with one. Each app module's DatabaseSwitchTest starts its app the framework's way and calls
 * {@link #assertAnswers}; this module's test jar ships it to them.
 */
public final class UsersWithoutDatabase {

  private static final String NO_DATABASE = "{\"error\":\"no database is configured (DATABASE_URL is not set)\"}";

  private UsersWithoutDatabase() {}

  /** Sends the requests to the app at {@code base} and asserts each answer, byte for byte. */
  public static void assertAnswers(URI base) throws IOException, InterruptedException {
    try (HttpClient client = HttpClient.newHttpClient()) {
      assertAnswer(send(client, base, "GET", "/users/1", null), 503, NO_DATABASE);
      assertAnswer(send(client, base, "POST", "/users", "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}"), 503,
          NO_DATABASE);
      assertAnswer(send(client, base, "DELETE", "/users/abc", null), 400,
          "{\"error\":\"path parameter 'id' must be a positive integer, got 'abc'\"}");
      assertAnswer(send(client, base, "PUT", "/users/1", "{\"name\":\" \",\"email\":\"ada@example.com\"}"), 400,
          "{\"error\":\"field 'name' must not be blank\"}");
      assertAnswer(send(client, base, "GET", "/hello", null), 200, "{\"message\":\"Hello, World!\"}");
    }
  }

  private static HttpResponse<String> send(HttpClient client, URI base, String method, String path, String json)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
        .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    if (json != null) {
      request.header("Content-Type", "application/json");
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void assertAnswer(HttpResponse<String> response, int status, String body) {
    assertThat(response.statusCode()).as("%s %s answered %s", response.request().method(), response.uri(),
        response.body()).isEqualTo(status);
    assertThat(response.body()).as("%s %s", response.request().method(), response.uri()).isEqualTo(body);
  }
}
