package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.UsersGateway;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Contract v4's users gateway: with USERS_URL set, a Vert.x route ahead of Quarkus REST's (whose order is 20,500)
 * sends every /users request of the contract's methods on with a Vert.x HTTP client and relays the answer, on the
 * event loop throughout: nothing blocks, so no worker thread waits for the users service. Any other request,
 * OPTIONS among them, goes on to Quarkus REST. Without USERS_URL no route is added.
 */
@ApplicationScoped
class UsersGatewayFilter {

  // Optional: Quarkus's config has no empty values, so an unset USERS_URL is an absent one.
  @ConfigProperty(name = UsersGateway.ENV)
  Optional<String> usersUrl;

  void register(@Observes Router router, Vertx vertx) {
    Optional<URI> target = UsersGateway.target(usersUrl.orElse(null));
    if (target.isEmpty()) {
      return;
    }
    // The node client's pool (NodeClient.POOL_SIZE) and the contract's timeouts (IoCall).
    HttpClient client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout(IoCall.CONNECT_TIMEOUT_MS),
        new PoolOptions().setHttp1MaxSize(NodeClient.POOL_SIZE));
    router.route().handler(context -> {
      if (UsersGateway.forwards(context.request().method().name(), context.request().path())) {
        forward(context, client, target.get());
      } else {
        context.next();
      }
    });
  }

  private static void forward(RoutingContext context, HttpClient client, URI target) {
    HttpServerRequest in = context.request();
    // The Host is the users service's own (not copied): a balancer in between routes by it.
    RequestOptions options = new RequestOptions().setMethod(in.method()).setHost(target.getHost())
        .setPort(target.getPort()).setURI(in.uri()).setIdleTimeout(IoCall.READ_TIMEOUT_MS);
    for (String header : UsersGateway.REQUEST_HEADERS) {
      String value = in.getHeader(header);
      if (value != null) {
        options.putHeader(header, value);
      }
    }
    in.body()
        .compose(body -> client.request(options).compose(out -> out.send(body)))
        .compose(answer -> answer.body().map(body -> relay(context.response(), answer, body)))
        .onFailure(e -> context.response().setStatusCode(UsersGateway.unreachable(target).status())
            .putHeader("Content-Type", "application/json").end(UsersGateway.unreachableJson(target)));
    // The router holds a request paused until a handler takes its body.
    in.resume();
  }

  private static Void relay(HttpServerResponse response, HttpClientResponse answer, Buffer body) {
    response.setStatusCode(answer.statusCode());
    for (String header : UsersGateway.ANSWER_HEADERS) {
      String value = answer.getHeader(header);
      if (value != null) {
        response.putHeader(header, value);
      }
    }
    response.end(body);
    return null;
  }
}
