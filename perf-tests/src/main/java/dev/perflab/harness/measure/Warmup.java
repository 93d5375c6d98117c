package dev.perflab.harness.measure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Sequential requests over one keep-alive connection: the "after warm-up" of memory figures. */
public final class Warmup {

  private Warmup() {}

  public static void send(URI uri, int requests) throws IOException, InterruptedException {
    try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
      HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build();
      for (int i = 0; i < requests; i++) {
        int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        if (status != 200) {
          throw new IOException("warm-up request " + (i + 1) + " of " + requests + " to " + uri
              + " answered " + status);
        }
      }
    }
  }
}
