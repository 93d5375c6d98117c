package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A request to a service node (docs/contract-v4.md): its type, its plan, its digest and how its calls' outcomes answer. */
class NodeRoleTest {

  private static final NodeRole GATEWAY = NodeRole.of("""
      {"service":"gateway","unitIterations":3,
       "types":{
         "A":{"workUnits":2,"delayMs":7,"parallel":true,"calls":[{"service":"s1"},{"service":"s2","type":"B"}]},
         "B":{"workUnits":0}}}""");

  @Test
  void theTypeComesFromThePathOrTheHeaderAndBothMustAgree() {
    assertThat(GATEWAY.plan("A", null).type()).isEqualTo("A");
    assertThat(GATEWAY.plan("A", List.of()).type()).isEqualTo("A");
    assertThat(GATEWAY.plan(null, List.of("B")).type()).isEqualTo("B");
    assertThat(GATEWAY.plan("B", List.of("B")).type()).isEqualTo("B");
    assertRefused(() -> GATEWAY.plan("A", List.of("B")), 400,
        "request type 'A' in the path differs from 'B' in header X-Request-Type");
    assertRefused(() -> GATEWAY.plan(null, null), 400,
        "missing request type: give it in the path (/node/{type}) or in header X-Request-Type");
    assertRefused(() -> GATEWAY.plan(null, List.of()), 400,
        "missing request type: give it in the path (/node/{type}) or in header X-Request-Type");
    assertRefused(() -> GATEWAY.plan(null, List.of("A", "A")), 400,
        "header X-Request-Type must be given once, got 2 values");
    assertRefused(() -> GATEWAY.plan("C", null), 400, "unknown request type 'C': node 'gateway' serves A, B");
    assertRefused(() -> GATEWAY.plan(null, List.of("")), 400, "unknown request type '': node 'gateway' serves A, B");
  }

  @Test
  void withoutASpecEveryRequestIsA404AndWithABadOneA400WithItsError() {
    for (String unset : Arrays.asList(null, "", "  ")) {
      assertRefused(() -> NodeRole.of(unset).plan("A", null), 404,
          "this app is not a service node: NODE_SPEC is not set");
    }
    NodeRole bad = NodeRole.of("{\"service\":\"gateway\",\"unitIterations\":1,\"types\":{\"A\":{\"workUnits\":-1}}}");
    assertRefused(() -> bad.plan("A", null), 400, "NODE_SPEC: 'types.A.workUnits' must be between 0 and 10000, got -1");
    assertRefused(() -> bad.plan(null, null), 400, "NODE_SPEC: 'types.A.workUnits' must be between 0 and 10000, got -1");
  }

  @Test
  void thePlanHasTheTypesWorkDelayAndCallsEachWithItsType() {
    NodePlan plan = GATEWAY.plan("A", null);

    assertThat(plan).isEqualTo(new NodePlan("gateway", "A", 2, 6, 7, true,
        List.of(new NodeCall("s1", "A"), new NodeCall("s2", "B"))));
    assertThat(plan.calls()).extracting(NodeCall::url)
        .containsExactly("http://s1:8080/node/A", "http://s2:8080/node/B");
    assertThat(GATEWAY.plan("B", null)).isEqualTo(new NodePlan("gateway", "B", 0, 0, 0, false, List.of()));
  }

  @Test
  void theDigestIsTheCpuKernelsOverAllRoundsAndTheSeedWithNone() {
    // 2 units of 3 rounds: /cpu?iterations=6
    assertThat(GATEWAY.plan("A", null).digest()).isEqualTo(CpuKernel.run(List.of("6")).result());
    // printf perflab | sha256sum
    assertThat(new NodePlan("n", "T", 1, 1, 0, false, List.of()).digest())
        .isEqualTo("97042919c91c4c88503916cb026c86073aecb9d9ca2966ededd697c262dabb2d");
    // printf perflab | xxd -p
    assertThat(GATEWAY.plan("B", null).digest()).isEqualTo("706572666c6162");
  }

  @Test
  void theFirstFailingCallInOrderDecidesAndAnAnswerCountsEveryCall() {
    NodePlan plan = GATEWAY.plan("A", null);

    plan.checkAll(List.of(200, 204));
    assertThat(plan.answer("d")).isEqualTo(new NodeResponse("gateway", "A", 2, "d", 2));
    assertRefused(() -> plan.checkAll(List.of(200, 503)), 502, "downstream 's2' answered HTTP 503");
    assertRefused(() -> plan.checkAll(List.of(NodeCall.UNREACHABLE, 503)), 502, "downstream 's1' unreachable");
    assertRefused(() -> plan.checkAll(List.of(404, NodeCall.UNREACHABLE)), 502, "downstream 's1' answered HTTP 404");
    assertRefused(() -> plan.checkAll(List.of(302, 200)), 502, "downstream 's1' answered HTTP 302");
    assertThatThrownBy(() -> plan.checkAll(List.of(200))).isInstanceOf(IllegalArgumentException.class);
    assertThat(GATEWAY.plan("B", null).answer("706572666c6162"))
        .isEqualTo(new NodeResponse("gateway", "B", 0, "706572666c6162", 0));
  }

  private static void assertRefused(Runnable request, int status, String error) {
    assertThatThrownBy(request::run).isInstanceOfSatisfying(WorkloadException.class, e -> {
      assertThat(e.status()).isEqualTo(status);
      assertThat(e.body()).isEqualTo(new ErrorResponse(error));
    });
  }
}
