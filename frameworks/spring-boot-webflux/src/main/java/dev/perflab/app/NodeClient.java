package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.NodeCall;
import java.net.URI;
import java.time.Duration;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.boot.http.client.reactive.ClientHttpConnectorBuilder;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Mono;

/**
 * A service node's calls (contract v4) with Spring's non-blocking {@link WebClient}: one client
 * for every callee, on the auto-configured connector, so on Spring's shared Reactor Netty pool
 * ("webflux"): up to 500 connections per host, and 1,000 requests waiting for one.
 */
@Component
class NodeClient {

  private final WebClient client;

  NodeClient(WebClient.Builder builder, ClientHttpConnectorBuilder<?> connectors) {
    HttpClientSettings timeouts = HttpClientSettings.defaults().withTimeouts(
        Duration.ofMillis(IoCall.CONNECT_TIMEOUT_MS), Duration.ofMillis(IoCall.READ_TIMEOUT_MS));
    this.client = builder.clientConnector(connectors.build(timeouts)).build();
  }

  /** The call's status, or {@link NodeCall#UNREACHABLE}: never an error, so a join waits for every call. */
  Mono<Integer> call(NodeCall call) {
    // exchangeToMono() skips WebClient's status handling; the body is released so that the
    // connection goes back to the pool. Refused, unknown host and timeouts all arrive as a
    // WebClientRequestException.
    return client.get().uri(URI.create(call.url())).header(NodeCall.TYPE_HEADER, call.type())
        .exchangeToMono(response -> response.releaseBody().thenReturn(response.statusCode().value()))
        .onErrorReturn(WebClientRequestException.class, NodeCall.UNREACHABLE);
  }
}
