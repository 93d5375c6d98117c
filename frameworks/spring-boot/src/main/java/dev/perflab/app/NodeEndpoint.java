package dev.perflab.app;

import dev.perflab.workload.NodeCall;
import dev.perflab.workload.NodePlan;
import dev.perflab.workload.NodeResponse;
import dev.perflab.workload.NodeRole;
import dev.perflab.workload.NodeSpec;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /node/{type}} and {@code GET /node} (type in header X-Request-Type): contract v4's
 * service node. Spring MVC's model throughout: the Tomcat request thread does the CPU work, sleeps
 * the delay and waits for the calls. Parallel calls run on a virtual thread each, not on Boot's
 * task executor, whose 8 threads would cap every node request's fan-out together.
 */
@RestController
class NodeEndpoint {

  private final NodeRole role;
  private final NodeClient client;

  NodeEndpoint(NodeClient client, @Value("${" + NodeSpec.ENV + ":}") String spec) {
    this.role = NodeRole.of(spec);
    this.client = client;
  }

  // Header values as sent, one per header line: a List<String> @RequestHeader would split "A,B".
  @GetMapping({"/node", "/node/{type}"})
  NodeResponse node(@PathVariable(required = false) String type, HttpServletRequest request)
      throws InterruptedException {
    NodePlan plan = role.plan(type, Collections.list(request.getHeaders(NodeCall.TYPE_HEADER)));
    String digest = plan.digest();
    if (plan.delayMs() > 0) {
      Thread.sleep(plan.delayMs());
    }
    if (plan.parallel()) {
      plan.checkAll(allAtOnce(plan.calls()));
    } else {
      for (NodeCall call : plan.calls()) {
        call.check(client.call(call));
      }
    }
    return plan.answer(digest);
  }

  /** Every call started at once; closing the executor waits for all of them (the join). */
  private List<Integer> allAtOnce(List<NodeCall> calls) {
    List<Future<Integer>> outcomes;
    try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
      outcomes = calls.stream().map(call -> threads.submit(() -> client.call(call))).toList();
    }
    return outcomes.stream().map(Future::resultNow).toList();
  }
}
