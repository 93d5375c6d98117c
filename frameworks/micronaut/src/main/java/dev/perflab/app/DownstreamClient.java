package dev.perflab.app;

import dev.perflab.workload.DownstreamException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientException;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import jakarta.inject.Singleton;

/**
 * The downstream stub through Micronaut's Netty HTTP client. Base URL and timeouts are the
 * "downstream" service client's configuration (application.properties).
 */
@Singleton
class DownstreamClient {

  private final HttpClient client;

  DownstreamClient(@Client(id = "downstream") HttpClient client) {
    this.client = client;
  }

  /** The downstream's HTTP status for {@code GET path}; blocks, so never call it on an event loop. */
  int status(String path) {
    try {
      return client.toBlocking().exchange(HttpRequest.GET(path)).code();
    } catch (HttpClientResponseException e) {
      return e.code(); // an answer, just not 2xx: IoCall.answer turns it into a 502
    } catch (HttpClientException e) {
      throw DownstreamException.unreachable();
    }
  }
}
