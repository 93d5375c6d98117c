package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What every app answers as a users gateway (docs/contract-v4.md, "The users gateway"), against a stand-in for the
 * users service on loopback that records what reached it: each {@code /users} request sent on as is (method, path,
 * query, Content-Type, body; the Host the stand-in's own), each answer relayed as is (status, Content-Type,
 * Location, body, a 404 too), anything else answered by the app itself, and a 502 once the stand-in is gone. Each
 * app module's UsersGatewayTest starts its app with {@value UsersGateway#ENV} set to {@link #url()} and calls the
 * assertions; this module's test jar ships them to them.
 */
public final class UsersThroughGateway implements AutoCloseable {

  /** One request as the stand-in got it. */
  public record Received(String method, String pathAndQuery, String contentType, String host, String body) {}

  private static final String JSON = "application/json";
  /** Longer than the gateway's own timeouts (IoCall): a gateway that never answers fails the test, not hangs it. */
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();

  private UsersThroughGateway() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.createContext("/", this::answer);
    server.start();
  }

  /** The stand-in, started: give its {@link #url()} to the app as {@value UsersGateway#ENV}. */
  public static UsersThroughGateway start() throws IOException {
    return new UsersThroughGateway();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  /** Sends the users requests to the gateway app at {@code base}: each reached the stand-in, each answer came back. */
  public void assertForwarded(URI base) throws IOException, InterruptedException {
    String host = URI.create(url()).getAuthority();
    try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
      String ada = "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}";
      HttpResponse<String> created = send(client, base, "POST", "/users", ada);
      assertAnswer(created, 201, "{\"id\":41,\"sent\":" + ada + "}");
      assertThat(created.headers().firstValue("Location")).as("the stand-in's Location").hasValue("/users/41");
      assertAnswer(send(client, base, "GET", "/users/41?view=full", null), 200, "{\"id\":41}");
      assertAnswer(send(client, base, "PUT", "/users/41", ada), 200, "{\"id\":41,\"sent\":" + ada + "}");
      assertAnswer(send(client, base, "DELETE", "/users/41", null), 204, "");
      assertAnswer(send(client, base, "GET", "/users/42", null), 404, "{\"error\":\"user 42 not found\"}");
      assertAnswer(send(client, base, "GET", "/users/abc", null), 400,
          "{\"error\":\"the stand-in's own 400, not the gateway's\"}");
      HttpResponse<String> hello = send(client, base, "GET", "/hello", null);
      assertThat(hello.statusCode()).as("/hello, the app's own").isEqualTo(200);
    }
    assertThat(received).containsExactly(
        new Received("POST", "/users", JSON, host, "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}"),
        new Received("GET", "/users/41?view=full", null, host, ""),
        new Received("PUT", "/users/41", JSON, host, "{\"name\":\"Ada\",\"email\":\"ada@example.com\"}"),
        new Received("DELETE", "/users/41", null, host, ""),
        new Received("GET", "/users/42", null, host, ""),
        new Received("GET", "/users/abc", null, host, ""));
  }

  /**
   * A browser's CORS preflight, {@code OPTIONS} with {@code Origin}, {@code Access-Control-Request-Method} and
   * {@code -Headers}, on the paths the replication's sessions use: answered 2xx by the app at {@code base} itself,
   * whether it is a gateway or not (a gateway sends none of them on).
   */
  public static void assertPreflightsAnswered(URI base) throws IOException, InterruptedException {
    preflights(base).forEach((preflight, response) -> assertThat(response.statusCode())
        .as("the preflight of %s answered %s", preflight, response.body()).isBetween(200, 299));
  }

  /** Each preflight of {@link #assertPreflightsAnswered}, "POST /users" and so on, with the app's answer. */
  public static Map<String, HttpResponse<String>> preflights(URI base) throws IOException, InterruptedException {
    Map<String, HttpResponse<String>> answers = new LinkedHashMap<>();
    try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
      for (String[] preflight : List.of(new String[] {"/users", "POST"}, new String[] {"/users/41", "GET"},
          new String[] {"/users/41", "DELETE"}, new String[] {"/node/submit", "GET"})) {
        answers.put(preflight[1] + " " + preflight[0], client.send(HttpRequest.newBuilder(base.resolve(preflight[0]))
            .timeout(TIMEOUT).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", "http://front-end.perflab.dev")
            .header("Access-Control-Request-Method", preflight[1])
            .header("Access-Control-Request-Headers", "content-type").build(), HttpResponse.BodyHandlers.ofString()));
      }
    }
    return answers;
  }

  /** Once the stand-in is closed, a users request through the gateway at {@code base} is a 502 naming its host. */
  public void assertUnreachableOnceClosed(URI base) throws IOException, InterruptedException {
    close();
    try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
      assertAnswer(send(client, base, "GET", "/users/41", null), 502,
          "{\"error\":\"downstream '127.0.0.1' unreachable\"}");
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String pathAndQuery = exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      received.add(new Received(method, pathAndQuery, exchange.getRequestHeaders().getFirst("Content-Type"),
          exchange.getRequestHeaders().getFirst("Host"), body));
      switch (method + " " + exchange.getRequestURI().getRawPath()) {
        case "POST /users" -> {
          exchange.getResponseHeaders().set("Location", "/users/41");
          json(exchange, 201, "{\"id\":41,\"sent\":" + body + "}");
        }
        case "GET /users/41" -> json(exchange, 200, "{\"id\":41}");
        case "PUT /users/41" -> json(exchange, 200, "{\"id\":41,\"sent\":" + body + "}");
        case "DELETE /users/41" -> exchange.sendResponseHeaders(204, -1);
        case "GET /users/42" -> json(exchange, 404, "{\"error\":\"user 42 not found\"}");
        default -> json(exchange, 400, "{\"error\":\"the stand-in's own 400, not the gateway's\"}");
      }
    }
  }

  private static void json(HttpExchange exchange, int status, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", JSON);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static HttpResponse<String> send(HttpClient client, URI base, String method, String path, String json)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT)
        .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    if (json != null) {
      request.header("Content-Type", JSON);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void assertAnswer(HttpResponse<String> response, int status, String body) {
    String request = response.request().method() + " " + response.uri();
    assertThat(response.statusCode()).as("%s answered %s", request, response.body()).isEqualTo(status);
    assertThat(response.body()).as(request).isEqualTo(body);
    if (!body.isEmpty()) {
      assertThat(response.headers().firstValue("Content-Type")).as("%s's Content-Type", request).hasValue(JSON);
    }
  }
}
