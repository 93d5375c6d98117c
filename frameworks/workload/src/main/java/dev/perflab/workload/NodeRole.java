package dev.perflab.workload;

import java.util.List;

/**
 * Whether and how this app is a service node (docs/contract-v4.md): made once, from the value of
 * {@link NodeSpec#ENV}, by each app's NodeEndpoint. Without a spec every /node request is a 404;
 * with one that is not valid the app starts all the same (its other endpoints do not depend on
 * it) and every /node request is a 400 with the spec's error; with a valid one, {@link #plan}
 * picks the request's type and answers the rest.
 */
public final class NodeRole {

  private final NodeSpec spec;
  private final String specError;

  private NodeRole(NodeSpec spec, String specError) {
    this.spec = spec;
    this.specError = specError;
  }

  /** The role {@code nodeSpec}, the variable's value (null when unset), gives. */
  public static NodeRole of(String nodeSpec) {
    if (nodeSpec == null || nodeSpec.isBlank()) {
      return new NodeRole(null, null);
    }
    try {
      return new NodeRole(NodeSpec.parse(nodeSpec), null);
    } catch (IllegalArgumentException e) {
      return new NodeRole(null, e.getMessage());
    }
  }

  /**
   * The plan for a request whose type comes from the path ({@code /node/{type}}, null for
   * {@code /node}) or from header {@value NodeCall#TYPE_HEADER} ({@code headerTypes}: every value
   * the request gave, empty or null when none): from either, and from both only if they agree.
   */
  public NodePlan plan(String pathType, List<String> headerTypes) {
    if (spec == null) {
      throw specError == null
          ? new NotFoundException("this app is not a service node: " + NodeSpec.ENV + " is not set")
          : new BadRequestException(specError);
    }
    return NodePlan.of(spec, servedType(pathType, headerTypes));
  }

  private String servedType(String pathType, List<String> headerTypes) {
    if (headerTypes != null && headerTypes.size() > 1) {
      throw new BadRequestException(
          "header " + NodeCall.TYPE_HEADER + " must be given once, got " + headerTypes.size() + " values");
    }
    String headerType = headerTypes == null || headerTypes.isEmpty() ? null : headerTypes.getFirst();
    if (pathType == null && headerType == null) {
      throw new BadRequestException(
          "missing request type: give it in the path (/node/{type}) or in header " + NodeCall.TYPE_HEADER);
    }
    if (pathType != null && headerType != null && !pathType.equals(headerType)) {
      throw new BadRequestException("request type '" + pathType + "' in the path differs from '" + headerType
          + "' in header " + NodeCall.TYPE_HEADER);
    }
    String type = pathType != null ? pathType : headerType;
    if (!spec.types().containsKey(type)) {
      throw new BadRequestException("unknown request type '" + type + "': node '" + spec.service() + "' serves "
          + String.join(", ", spec.types().keySet()));
    }
    return type;
  }
}
