package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.perflab.harness.config.StrictYaml;

/**
 * One downstream call a service makes for a request type: {@code GET http://{service}:8080/node/{type}}.
 *
 * @param type the request type the callee is asked for; left out: the caller's own
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeCall(String service, @JacksonInject(StrictYaml.ABSENT + "type") String type) {

  public NodeCall {
    required(service, "service");
  }

  /** The type the callee serves for a caller serving {@code callerType}. */
  String typeFor(String callerType) {
    return type == null ? callerType : type;
  }
}
