package dev.perflab.harness.parity;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Sends a parity request to one app and normalises its answer. */
public final class ParityClient implements AutoCloseable {

  private final HttpClient client = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5))
      .build();

  public ParityAnswer send(URI base, ParityRequest request) throws IOException, InterruptedException {
    HttpRequest.BodyPublisher body = request.body() == null
        ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(request.body());
    // Appended, not resolved: URI.resolve would drop the dot segments some rows send on purpose.
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + request.pathAndQuery()))
        .timeout(Duration.ofSeconds(30))
        .method(request.method(), body);
    if (request.contentType() != null) {
      builder.header("Content-Type", request.contentType());
    }
    HttpResponse<String> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    return ParityAnswer.of(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
        response.headers().firstValue("Location").orElse(null), response.body());
  }

  @Override
  public void close() {
    client.close();
  }
}
