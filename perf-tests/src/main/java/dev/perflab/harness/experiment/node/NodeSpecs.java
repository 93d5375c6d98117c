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
 * the variable {@link #VARIABLE}, one line of JSON. The topologies and the replication grid both launch nodes; the
 * replication grid's gateway is also a users gateway ({@link #usersGateway}, docs/contract-v4.md).
 */
public final class NodeSpecs {

  /** The variable the service-node role reads its spec from. */
  public static final String VARIABLE = ParityTable.NODE_SPEC_VARIABLE;
  /** The variable that makes an app a users gateway: every {@code /users} request sent on to that base URL. */
  public static final String USERS_URL_VARIABLE = "USERS_URL";
  private static final ObjectMapper ONE_LINE = Json.MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

  private NodeSpecs() {}

  /** A users gateway's environment: its {@code /users} requests sent on to {@code service} on {@code port}. */
  public static Map<String, String> usersGateway(String service, int port) {
    return Map.of(USERS_URL_VARIABLE, "http://" + service + ":" + port);
  }

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
