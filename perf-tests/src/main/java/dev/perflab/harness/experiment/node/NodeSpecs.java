package dev.perflab.harness.experiment.node;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.perflab.harness.parity.ParityTable;
import dev.perflab.harness.result.Json;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What contract v4's service-node role is told to do: {@code {"service":…,"unitIterations":…,"types":{…}}} in
 * the variable {@link #VARIABLE}, one line of JSON. The topologies and the replication grid both launch nodes.
 */
public final class NodeSpecs {

  /** The variable the service-node role reads its spec from. */
  public static final String VARIABLE = ParityTable.NODE_SPEC_VARIABLE;
  private static final ObjectMapper ONE_LINE = Json.MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

  private NodeSpecs() {}

  /** The node's environment: {@code service}, the rounds of a work unit, and each request type's work and calls. */
  public static Map<String, String> environment(String service, long unitIterations, Map<String, ?> types) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("service", service);
    spec.put("unitIterations", unitIterations);
    spec.put("types", types);
    try {
      return Map.of(VARIABLE, ONE_LINE.writeValueAsString(spec));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("a node spec is plain values", e);
    }
  }
}
