package dev.perflab.app;

import dev.perflab.workload.NodeCall;
import dev.perflab.workload.NodePlan;
import dev.perflab.workload.NodeResponse;
import dev.perflab.workload.NodeRole;
import dev.perflab.workload.NodeSpec;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /node/{type}} and {@code GET /node} (type in header X-Request-Type): contract v4's
 * service node, non-blocking. The CPU work runs on the Reactor Netty event loop the request
 * arrived on, as /cpu does (WebFlux runs a handler there); the delay is Reactor's timer and the
 * calls are WebClient's, so no thread waits for either.
 */
@RestController
class NodeEndpoint {

  private final NodeRole role;
  private final NodeClient client;

  NodeEndpoint(NodeClient client, @Value("${" + NodeSpec.ENV + ":}") String spec) {
    this.role = NodeRole.of(spec);
    this.client = client;
  }

  // Header values as sent, one per header line (getOrEmpty; getValuesAsList would split "A,B").
  // A bad type throws before the Mono exists (a JSON 400); a failed call is the Mono's error (502).
  @GetMapping({"/node", "/node/{type}"})
  Mono<NodeResponse> node(@PathVariable(required = false) String type, ServerHttpRequest request) {
    NodePlan plan = role.plan(type, request.getHeaders().getOrEmpty(NodeCall.TYPE_HEADER));
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
