package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.NodeCall;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;

/**
 * A service node's calls (contract v4) with the Quarkus REST Client: one client per callee, built
 * at its first call and kept, each with a pool of {@value #POOL_SIZE} connections (the REST
 * Client's default, 50, would queue a busy node's calls long before the other apps' clients do).
 */
@ApplicationScoped
class NodeClient {

  /** Connections per callee: Spring's WebClient pool, the smallest of the other apps' (docs/contract-v4.md). */
  static final int POOL_SIZE = 500;

  /** The call of {@link NodeCall#url()}, declared the REST Client way. */
  interface Api {
    @GET
    @Path("/node/{type}")
    Uni<Response> node(@PathParam("type") String type, @HeaderParam(NodeCall.TYPE_HEADER) String header);
  }

  private final Map<String, Api> clients = new ConcurrentHashMap<>();

  /** The call's status, or {@link NodeCall#UNREACHABLE}: never a failure, so a join waits for every call. */
  Uni<Integer> call(NodeCall call) {
    return clients.computeIfAbsent(call.service(), NodeClient::client)
        .node(call.type(), call.type())
        .map(response -> {
          try (response) {
            return response.getStatus();
          }
        })
        // Any failure: with the default mapper off every HTTP answer is an item, so a failure is a
        // call that got none. Not only ProcessingException, as in the blocking API: the non-blocking
        // one fails with the cause itself (an UnknownHostException, a ConnectException).
        .onFailure().recoverWithItem(NodeCall.UNREACHABLE);
  }

  // The default mapper is off so that a non-2xx answer comes back as a status, not a failure.
  private static Api client(String service) {
    return QuarkusRestClientBuilder.newBuilder()
        .baseUri(URI.create("http://" + service + ":" + NodeCall.PORT))
        .connectTimeout(IoCall.CONNECT_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .readTimeout(IoCall.READ_TIMEOUT_MS, TimeUnit.MILLISECONDS)
        .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, POOL_SIZE)
        .disableDefaultMapper(true)
        .build(Api.class);
  }
}
