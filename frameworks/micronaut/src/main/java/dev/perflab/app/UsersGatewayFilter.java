package dev.perflab.app;

import dev.perflab.workload.DownstreamException;
import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.UsersGateway;
import io.micronaut.context.annotation.Value;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.client.ProxyHttpClient;
import io.micronaut.http.client.exceptions.HttpClientException;
import io.micronaut.http.filter.HttpServerFilter;
import io.micronaut.http.filter.ServerFilterChain;
import java.net.URI;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * Contract v4's users gateway: with USERS_URL set, a server filter on /users sends every request of the contract's
 * methods on with Micronaut's {@link ProxyHttpClient} (the default client configuration, as the node client's: the
 * timeouts in application.properties) and relays the answer as it came, streamed, on no thread of its own. Any other
 * request, OPTIONS among them, goes on to the routes. A filter decides at every request, so an image built once
 * serves both roles.
 */
@Filter({"/users", "/users/**"})
class UsersGatewayFilter implements HttpServerFilter {

  /** Null when the app is no gateway. */
  private final URI target;
  private final ProxyHttpClient client;

  UsersGatewayFilter(ProxyHttpClient client, @Value("${" + UsersGateway.ENV + ":}") String url) {
    this.target = UsersGateway.target(url).orElse(null);
    this.client = client;
  }

  @Override
  public Publisher<MutableHttpResponse<?>> doFilter(HttpRequest<?> request, ServerFilterChain chain) {
    if (target == null || !UsersGateway.forwards(request.getMethodName(), request.getPath())) {
      return chain.proceed(request);
    }
    // The proxy sets the Host to the users service's own (a balancer in between routes by it) and carries the
    // request's other headers and body as they came.
    DownstreamException unreachable = UsersGateway.unreachable(target);
    return Flux.from(client.proxy(request.mutate()
            .uri(uri -> uri.scheme(target.getScheme()).host(target.getHost()).port(target.getPort()))))
        .onErrorResume(HttpClientException.class, e -> Flux.just(
            HttpResponse.<ErrorResponse>status(HttpStatus.valueOf(unreachable.status())).body(unreachable.body())));
  }
}
