package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NODE_SPEC as docs/contract-v4.md words it: every field's bounds and defaults, and the error of each kind of mistake. */
class NodeSpecTest {

  /** The contract's example. */
  private static final String EXAMPLE = """
      {"service":"gateway","unitIterations":2000,
       "types":{
         "A":{"workUnits":5,"delayMs":0,"parallel":true,"calls":[{"service":"s1"},{"service":"s2"},{"service":"s3"}]},
         "B":{"workUnits":5,"calls":[{"service":"s1","type":"B"}]}}}""";

  @Test
  void readsTheContractsExampleWithItsDefaults() {
    NodeSpec spec = NodeSpec.parse(EXAMPLE);

    assertThat(spec.service()).isEqualTo("gateway");
    assertThat(spec.unitIterations()).isEqualTo(2000);
    assertThat(spec.types()).containsOnlyKeys("A", "B");
    assertThat(spec.types().keySet()).containsExactly("A", "B");
    assertThat(spec.types().get("A")).isEqualTo(new NodeType(5, 0, true,
        List.of(new NodeCall("s1", null), new NodeCall("s2", null), new NodeCall("s3", null))));
    // delayMs 0, parallel false, calls [] when left out
    assertThat(spec.types().get("B")).isEqualTo(new NodeType(5, 0, false, List.of(new NodeCall("s1", "B"))));
    assertThat(NodeSpec.parse("{\"service\":\"leaf\",\"unitIterations\":1,\"types\":{\"x\":{\"workUnits\":0}}}")
        .types().get("x")).isEqualTo(new NodeType(0, 0, false, List.of()));
  }

  @Test
  void acceptsTheBoundsOfEveryField() {
    NodeSpec spec = NodeSpec.parse(spec("\"unitIterations\":10000",
        "\"T-max_32_characters_long_name_xy\":{\"workUnits\":10000,\"delayMs\":10000,\"calls\":" + calls(16) + "}"));
    NodeType type = spec.types().get("T-max_32_characters_long_name_xy");
    assertThat(type.workUnits()).isEqualTo(10_000);
    assertThat(type.delayMs()).isEqualTo(10_000);
    assertThat(type.calls()).hasSize(16);
    assertThat(NodeSpec.parse(spec("\"unitIterations\":1000000", "\"A\":{\"workUnits\":100}")).unitIterations())
        .isEqualTo(1_000_000);
    assertThat(NodeSpec.parse(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":0,\"calls\":[{\"service\":\"a\"},"
        + "{\"service\":\"" + "s".repeat(63) + "\"},{\"service\":\"s-1\",\"type\":\"x\"}]}")).types().get("A").calls())
        .extracting(NodeCall::service).containsExactly("a", "s".repeat(63), "s-1");
  }

  @Test
  void theTopLevelFields() {
    assertRefused("{\"unitIterations\":1,\"types\":{\"A\":{\"workUnits\":1}}}", "NODE_SPEC: missing field 'service'");
    assertRefused("{\"service\":\"a\",\"types\":{\"A\":{\"workUnits\":1}}}", "NODE_SPEC: missing field 'unitIterations'");
    assertRefused("{\"service\":\"a\",\"unitIterations\":1}", "NODE_SPEC: missing field 'types'");
    assertRefused(spec("\"unitIterations\":1,\"extra\":1", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: unknown field 'extra' (known: service, types, unitIterations)");
  }

  @Test
  void theServiceIsADnsLabel() {
    String rule = "must be a DNS label (a lower-case letter, then lower-case letters, digits or '-', not ending in '-',"
        + " at most 63)";
    for (String service : List.of("S1", "s_1", "1s", "123", "s-", "-s", "s.example", "", "s".repeat(64))) {
      assertRefused(ownService("\"service\":\"" + service + "\",\"unitIterations\":1", "\"A\":{\"workUnits\":1}"),
          "NODE_SPEC: 'service' " + rule + ", got '" + service + "'");
    }
    assertRefused(ownService("\"service\":5,\"unitIterations\":1", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'service' " + rule + ", got 5");
    assertRefused(ownService("\"service\":null,\"unitIterations\":1", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'service' " + rule + ", got null");
  }

  @Test
  void unitIterationsIsAnIntegerFromOneToAMillion() {
    assertRefused(spec("\"unitIterations\":0", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'unitIterations' must be between 1 and 1000000, got 0");
    assertRefused(spec("\"unitIterations\":1000001", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'unitIterations' must be between 1 and 1000000, got 1000001");
    assertRefused(spec("\"unitIterations\":99999999999999999999", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'unitIterations' must be between 1 and 1000000, got 99999999999999999999");
    assertRefused(spec("\"unitIterations\":1.5", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'unitIterations' must be an integer, got 1.5");
    assertRefused(spec("\"unitIterations\":\"100\"", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: 'unitIterations' must be an integer, got '100'");
  }

  @Test
  void typesNameAtLeastOneTypeEachWithAValidName() {
    assertRefused("{\"service\":\"a\",\"unitIterations\":1,\"types\":{}}", "NODE_SPEC: 'types' must name at least one type");
    assertRefused("{\"service\":\"a\",\"unitIterations\":1,\"types\":[]}",
        "NODE_SPEC: 'types' must be a JSON object, got an array");
    for (String name : List.of("", "A B", "A.B", "Ä", "x".repeat(33))) {
      assertRefused(spec("\"unitIterations\":1", "\"" + name + "\":{\"workUnits\":1}"),
          "NODE_SPEC: type name '" + name + "' in 'types' must be 1 to 32 letters, digits, '_' or '-'");
    }
    assertRefused(spec("\"unitIterations\":1", "\"A\":5"), "NODE_SPEC: 'types.A' must be a JSON object, got 5");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"paralel\":true}"),
        "NODE_SPEC: unknown field 'types.A.paralel' (known: calls, delayMs, parallel, workUnits)");
  }

  @Test
  void workUnitsAreRequiredFromZeroToTenThousandAndTheirRoundsBounded() {
    assertRefused(spec("\"unitIterations\":1", "\"A\":{}"), "NODE_SPEC: missing field 'types.A.workUnits'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":-1}"),
        "NODE_SPEC: 'types.A.workUnits' must be between 0 and 10000, got -1");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":10001}"),
        "NODE_SPEC: 'types.A.workUnits' must be between 0 and 10000, got 10001");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":true}"),
        "NODE_SPEC: 'types.A.workUnits' must be an integer, got true");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":5.0}"),
        "NODE_SPEC: 'types.A.workUnits' must be an integer, got 5.0");
    // 100,000,000 rounds is the most; one unit more of 10,001 rounds is over
    assertThat(NodeSpec.parse(spec("\"unitIterations\":10000", "\"A\":{\"workUnits\":10000}")).types()).hasSize(1);
    assertRefused(spec("\"unitIterations\":10001", "\"A\":{\"workUnits\":10000}"),
        "NODE_SPEC: 'types.A' would run 100010000 kernel rounds (workUnits 10000 times unitIterations 10001); at most"
            + " 100000000 are allowed");
  }

  @Test
  void delayParallelAndCalls() {
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"delayMs\":-1}"),
        "NODE_SPEC: 'types.A.delayMs' must be between 0 and 10000, got -1");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"delayMs\":10001}"),
        "NODE_SPEC: 'types.A.delayMs' must be between 0 and 10000, got 10001");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"delayMs\":null}"),
        "NODE_SPEC: 'types.A.delayMs' must be an integer, got null");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"parallel\":\"yes\"}"),
        "NODE_SPEC: 'types.A.parallel' must be true or false, got 'yes'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":{}}"),
        "NODE_SPEC: 'types.A.calls' must be an array, got an object");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":" + calls(17) + "}"),
        "NODE_SPEC: 'types.A.calls' has 17 calls; at most 16 are allowed");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"service\":\"a\"},\"b\"]}"),
        "NODE_SPEC: 'types.A.calls[1]' must be a JSON object, got 'b'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"type\":\"A\"}]}"),
        "NODE_SPEC: missing field 'types.A.calls[0].service'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"service\":\"S_1\"}]}"),
        "NODE_SPEC: 'types.A.calls[0].service' must be a DNS label (a lower-case letter, then lower-case letters,"
            + " digits or '-', not ending in '-', at most 63), got 'S_1'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"service\":\"a\",\"type\":\"a b\"}]}"),
        "NODE_SPEC: 'types.A.calls[0].type' must be a type name of 1 to 32 letters, digits, '_' or '-', got 'a b'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"service\":\"a\",\"type\":null}]}"),
        "NODE_SPEC: 'types.A.calls[0].type' must be a type name of 1 to 32 letters, digits, '_' or '-', got null");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"service\":\"a\",\"port\":80}]}"),
        "NODE_SPEC: unknown field 'types.A.calls[0].port' (known: service, type)");
  }

  @Test
  void whatIsNotJsonOrNotAnObject() {
    assertRefused("{\"service\":", "NODE_SPEC: not valid JSON (line 1, column 12)");
    assertRefused("{'service':'a'}", "NODE_SPEC: not valid JSON (line 1, column 2)");
    assertRefused("[]", "NODE_SPEC: the spec must be a JSON object, got an array");
    assertRefused("\"gateway\"", "NODE_SPEC: the spec must be a JSON object, got 'gateway'");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1}") + " {}",
        "NODE_SPEC: not valid JSON: text after the value (line 1, column 72)");
    assertRefused(spec("\"unitIterations\":1,\"unitIterations\":2", "\"A\":{\"workUnits\":1}"),
        "NODE_SPEC: field 'unitIterations' is given twice");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"workUnits\":2}"),
        "NODE_SPEC: field 'types.A.workUnits' is given twice");
    assertRefused(spec("\"unitIterations\":1", "\"A\":{\"workUnits\":1,\"calls\":[{\"service\":\"a\",\"service\":\"b\"}]}"),
        "NODE_SPEC: field 'types.A.calls[0].service' is given twice");
  }

  private static void assertRefused(String json, String error) {
    assertThatThrownBy(() -> NodeSpec.parse(json)).as(json).isInstanceOf(IllegalArgumentException.class).hasMessage(error);
  }

  /** A spec of the node "gateway" with these other top-level fields and these types. */
  private static String spec(String fields, String types) {
    return ownService("\"service\":\"gateway\"," + fields, types);
  }

  /** A spec with these top-level fields, "service" among them, and these types. */
  private static String ownService(String fields, String types) {
    return "{" + fields + ",\"types\":{" + types + "}}";
  }

  private static String calls(int count) {
    return "[" + String.join(",", Collections.nCopies(count, "{\"service\":\"s1\"}")) + "]";
  }
}
