package dev.perflab.app;

import dev.perflab.workload.NodeCall;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.HttpClientConfiguration;
import io.micronaut.http.client.HttpClientRegistry;
import io.micronaut.http.client.HttpVersionSelection;
import io.micronaut.http.client.exceptions.HttpClientException;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Mono;

/**
 * A service node's calls (contract v4) with Micronaut's Netty HTTP client: one client per callee,
 * as {@code @Client("http://s1:8080")} would inject it, taken from the client registry at its first
 * call and kept. They have the default client configuration (application.properties: the timeouts;
 * the pool's own defaults: up to 1,000 HTTP/1.1 connections per host, 4 of them being opened at a time).
 */
@Singleton
class NodeClient {

  private final HttpClientRegistry<HttpClient> registry;
  private final HttpVersionSelection version;
  private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();

  NodeClient(HttpClientRegistry<HttpClient> registry, HttpClientConfiguration configuration) {
    this.registry = registry;
    this.version = HttpVersionSelection.forClientConfiguration(configuration);
  }

  /** The call's status, or {@link NodeCall#UNREACHABLE}: never an error, so a join waits for every call. */
  Mono<Integer> call(NodeCall call) {
    HttpClient client = clients.computeIfAbsent(call.service(),
        service -> registry.getClient(version, "http://" + service + ":" + NodeCall.PORT, null));
    HttpRequest<?> request = HttpRequest.GET("/node/" + call.type()).header(NodeCall.TYPE_HEADER, call.type());
    return Mono.from(client.exchange(request, Void.class))
        .map(HttpResponse::code)
        // a non-2xx answer is an error of Micronaut's client, with the status; no answer is its parent type
        .onErrorResume(HttpClientResponseException.class, e -> Mono.just(e.code()))
        .onErrorReturn(HttpClientException.class, NodeCall.UNREACHABLE);
  }
}
