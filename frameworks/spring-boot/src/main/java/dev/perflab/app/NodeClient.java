package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.NodeCall;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.stereotype.Component;
import org.springframework.util.StreamUtils;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

/**
 * A service node's calls (contract v4) with Spring's {@link RestClient}: one client for every
 * callee, on the JDK HttpClient, whose pool keeps connections per host with no upper bound (a
 * connection idle 30 s is closed: jdk.httpclient.keepalive.timeout).
 */
@Component
class NodeClient {

  private final RestClient client;

  // HTTP/1.1 as every other app's client: the JDK client otherwise offers each callee an h2c
  // upgrade, which Quarkus accepts, and a Quarkus callee would be reached over HTTP/2.
  NodeClient(RestClient.Builder builder) {
    HttpClientSettings timeouts = HttpClientSettings.defaults().withTimeouts(
        Duration.ofMillis(IoCall.CONNECT_TIMEOUT_MS), Duration.ofMillis(IoCall.READ_TIMEOUT_MS));
    this.client = builder.requestFactory(ClientHttpRequestFactoryBuilder.jdk()
        .withHttpClientCustomizer(http -> http.version(HttpClient.Version.HTTP_1_1))
        .build(timeouts)).build();
  }

  /** The call's status, or {@link NodeCall#UNREACHABLE}; blocks until it is known. */
  int call(NodeCall call) {
    try {
      // exchange() skips RestClient's status handlers: any status is an outcome; the body is
      // drained so that the connection can be reused.
      return client.get().uri(URI.create(call.url())).header(NodeCall.TYPE_HEADER, call.type())
          .exchange((request, response) -> {
            StreamUtils.drain(response.getBody());
            return response.getStatusCode().value();
          });
    } catch (ResourceAccessException e) {
      return NodeCall.UNREACHABLE;
    }
  }
}
