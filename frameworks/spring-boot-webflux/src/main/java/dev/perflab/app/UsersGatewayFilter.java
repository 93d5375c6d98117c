package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.UsersGateway;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.boot.http.client.reactive.ClientHttpConnectorBuilder;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Contract v4's users gateway: with USERS_URL set, a web filter ahead of WebFlux's handlers sends every /users
 * request of the contract's methods on with the node client's {@link WebClient} setup and relays the answer,
 * non-blocking end to end: no thread waits for the users service. Any other request, OPTIONS among them, goes on to
 * WebFlux. A filter decides at every request, not a condition on a bean: Spring AOT would freeze that at build.
 */
@Component
class UsersGatewayFilter implements WebFilter {

  /** Null when the app is no gateway. */
  private final URI target;
  private final WebClient client;

  UsersGatewayFilter(WebClient.Builder builder, ClientHttpConnectorBuilder<?> connectors,
      @Value("${" + UsersGateway.ENV + ":}") String url) {
    this.target = UsersGateway.target(url).orElse(null);
    HttpClientSettings timeouts = HttpClientSettings.defaults().withTimeouts(
        Duration.ofMillis(IoCall.CONNECT_TIMEOUT_MS), Duration.ofMillis(IoCall.READ_TIMEOUT_MS));
    this.client = builder.clientConnector(connectors.build(timeouts)).build();
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpRequest in = exchange.getRequest();
    if (target == null || !UsersGateway.forwards(in.getMethod().name(), in.getPath().value())) {
      return chain.filter(exchange);
    }
    URI received = in.getURI();
    String pathAndQuery = received.getRawPath() + (received.getRawQuery() == null ? "" : "?" + received.getRawQuery());
    // The Host is the users service's own, from the URL: a balancer in between routes by it.
    WebClient.RequestBodySpec out = client.method(in.getMethod()).uri(UsersGateway.url(target, pathAndQuery));
    for (String header : UsersGateway.REQUEST_HEADERS) {
      String value = in.getHeaders().getFirst(header);
      if (value != null) {
        out.header(header, value);
      }
    }
    ServerHttpResponse response = exchange.getResponse();
    // The body whole, then sent with its length: a GET goes without one, not with an empty chunked body.
    return DataBufferUtils.join(in.getBody()).map(buffer -> {
          byte[] bytes = new byte[buffer.readableByteCount()];
          buffer.read(bytes);
          DataBufferUtils.release(buffer);
          return bytes;
        })
        .defaultIfEmpty(new byte[0])
        .flatMap(body -> (body.length > 0 ? out.bodyValue(body) : out)
            // exchangeToMono() skips WebClient's status handling: a 404 is relayed as it came.
            .exchangeToMono(answer -> answer.bodyToMono(byte[].class).defaultIfEmpty(new byte[0]).flatMap(bytes -> {
              response.setStatusCode(answer.statusCode());
              for (String header : UsersGateway.ANSWER_HEADERS) {
                answer.headers().header(header).stream().findFirst()
                    .ifPresent(value -> response.getHeaders().set(header, value));
              }
              return response.writeWith(Mono.just(response.bufferFactory().wrap(bytes)));
            })))
        // Refused, unknown host and timeouts all arrive as a WebClientRequestException.
        .onErrorResume(WebClientRequestException.class, e -> {
          response.setStatusCode(HttpStatusCode.valueOf(UsersGateway.unreachable(target).status()));
          response.getHeaders().set("Content-Type", "application/json");
          return response.writeWith(Mono.just(response.bufferFactory()
              .wrap(UsersGateway.unreachableJson(target).getBytes(StandardCharsets.UTF_8))));
        });
  }
}
