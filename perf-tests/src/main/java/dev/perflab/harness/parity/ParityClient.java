package dev.perflab.harness.parity;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.OptionalLong;

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
    request.headers().forEach((header, values) -> values.forEach(value -> builder.header(header, value)));
    return client.send(builder.build(), ParityClient::answer).body();
  }

  /** The answer as it arrives: a body of bytes as its length and digest, any other as text in its charset. */
  private static HttpResponse.BodySubscriber<ParityAnswer> answer(HttpResponse.ResponseInfo info) {
    HttpHeaders headers = info.headers();
    String contentType = headers.firstValue("Content-Type").orElse(null);
    String location = headers.firstValue("Location").orElse(null);
    if (ParityAnswer.isBinary(contentType)) {
      OptionalLong contentLength = headers.firstValueAsLong("Content-Length");
      return HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofByteArray(),
          bytes -> ParityAnswer.of(info.statusCode(), contentType, location, BinaryBody.of(bytes, contentLength)));
    }
    return HttpResponse.BodySubscribers.mapping(HttpResponse.BodyHandlers.ofString().apply(info),
        text -> ParityAnswer.of(info.statusCode(), contentType, location, text));
  }

  @Override
  public void close() {
    client.close();
  }
}
