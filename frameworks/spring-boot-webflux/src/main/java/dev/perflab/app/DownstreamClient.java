package dev.perflab.app;

import dev.perflab.workload.DownstreamException;
import dev.perflab.workload.IoCall;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.boot.http.client.reactive.ClientHttpConnectorBuilder;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Mono;

/** Calls the downstream stub with Spring's non-blocking {@link WebClient} and returns its HTTP status. */
@Component
class DownstreamClient {

  private final WebClient client;

  // The auto-configured connector builder (Reactor Netty's client here), with the contract's timeouts.
  DownstreamClient(WebClient.Builder builder, ClientHttpConnectorBuilder<?> connectors,
      @Value("${" + IoCall.DOWNSTREAM_URL_ENV + ":" + IoCall.DEFAULT_DOWNSTREAM_URL + "}") String url) {
    HttpClientSettings timeouts = HttpClientSettings.defaults().withTimeouts(
        Duration.ofMillis(IoCall.CONNECT_TIMEOUT_MS), Duration.ofMillis(IoCall.READ_TIMEOUT_MS));
    this.client = builder.baseUrl(url).clientConnector(connectors.build(timeouts)).build();
  }

  Mono<Integer> delay(int delayMs) {
    // exchangeToMono() skips WebClient's status handling: any status is an answer; the body is
    // released so that the connection goes back to the pool. Refused, unknown host and timeouts
    // all arrive as a WebClientRequestException.
    return client.get().uri(IoCall.downstreamPath(delayMs))
        .exchangeToMono(response -> response.releaseBody().thenReturn(response.statusCode().value()))
        .onErrorMap(WebClientRequestException.class, e -> DownstreamException.unreachable());
  }
}
