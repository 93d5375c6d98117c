package dev.perflab.app;

import dev.perflab.workload.NodeCall;
import dev.perflab.workload.NodePlan;
import dev.perflab.workload.NodeResponse;
import dev.perflab.workload.NodeRole;
import dev.perflab.workload.NodeSpec;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /node/{type}} and {@code GET /node} (type in header X-Request-Type): contract v4's
 * service node. The method, and so the CPU work, runs off the event loop (TaskExecutors.BLOCKING:
 * virtual threads on JDK 25), as /cpu does; what follows waits on no thread: the delay is
 * Reactor's timer and the calls are the Netty client's, whose answers arrive on its event loop.
 */
@Controller("/node")
class NodeEndpoint {

  private final NodeRole role;
  private final NodeClient client;

  NodeEndpoint(NodeClient client, @Value("${" + NodeSpec.ENV + ":}") String spec) {
    this.role = NodeRole.of(spec);
    this.client = client;
  }

  // {/type}: the segment is optional, so /node and /node/A are this one route. Header values as
  // sent, one per header line. A bad type throws before the Mono exists (a JSON 400); a failed
  // call is the Mono's error (a 502), answered by ErrorHandlers either way.
  @Get("{/type}")
  @ExecuteOn(TaskExecutors.BLOCKING)
  Mono<NodeResponse> node(@Nullable @PathVariable String type, HttpRequest<?> request) {
    NodePlan plan = role.plan(type, request.getHeaders().getAll(NodeCall.TYPE_HEADER));
    String digest = plan.digest();
    Mono<Void> delay = plan.delayMs() == 0 ? Mono.empty() : Mono.delay(Duration.ofMillis(plan.delayMs())).then();
    Flux<NodeCall> calls = Flux.fromIterable(plan.calls());
    Flux<Integer> outcomes = plan.parallel()
        // all subscribed at once (fork), their outcomes in the calls' order once all are in (join)
        ? calls.flatMapSequential(client::call)
        // each after the previous answered; a failure ends the sequence
        : calls.concatMap(call -> client.call(call).doOnNext(call::check));
    return delay.thenMany(outcomes).collectList().map(all -> {
      plan.checkAll(all);
      return plan.answer(digest);
    });
  }
}
