package dev.perflab.app;

import dev.perflab.workload.NodeCall;
import dev.perflab.workload.NodePlan;
import dev.perflab.workload.NodeResponse;
import dev.perflab.workload.NodeRole;
import dev.perflab.workload.NodeSpec;
import io.smallrye.common.annotation.Blocking;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /node/{type}} and {@code GET /node} (type in header X-Request-Type): contract v4's
 * service node, blocking, as this app's /io: a worker thread (@Blocking; Quarkus's pool, at most
 * 200 here) does the CPU work, sleeps the delay and waits for the calls. Parallel calls are the
 * REST Client's non-blocking ones, all sent at once on Vert.x and joined on the worker, so a
 * fan-out takes no more workers than a single call.
 */
@Path("/node")
@Produces(MediaType.APPLICATION_JSON)
class NodeEndpoint {

  private final NodeRole role;
  private final NodeClient client;

  // Optional: Quarkus's config has no empty values, so an unset NODE_SPEC is an absent one.
  NodeEndpoint(NodeClient client, @ConfigProperty(name = NodeSpec.ENV) Optional<String> spec) {
    this.role = NodeRole.of(spec.orElse(null));
    this.client = client;
  }

  @GET
  @Blocking
  public NodeResponse byHeader(@Context HttpServerRequest request) throws InterruptedException {
    return node(null, request);
  }

  @GET
  @Path("{type}")
  @Blocking
  public NodeResponse byPath(@PathParam("type") String type, @Context HttpServerRequest request)
      throws InterruptedException {
    return node(type, request);
  }

  // Header values as sent, one per header line (Vert.x's, not JAX-RS's HttpHeaders).
  private NodeResponse node(String type, HttpServerRequest request) throws InterruptedException {
    NodePlan plan = role.plan(type, request.headers().getAll(NodeCall.TYPE_HEADER));
    String digest = plan.digest();
    if (plan.delayMs() > 0) {
      Thread.sleep(plan.delayMs());
    }
    if (plan.parallel()) {
      List<CompletableFuture<Integer>> outcomes =
          plan.calls().stream().map(call -> client.call(call).subscribeAsCompletionStage()).toList();
      plan.checkAll(outcomes.stream().map(CompletableFuture::join).toList());
    } else {
      for (NodeCall call : plan.calls()) {
        call.check(client.call(call).await().indefinitely());
      }
    }
    return plan.answer(digest);
  }
}
