package dev.perflab.workload;

import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * What a service node does (docs/contract-v4.md), as the environment variable {@value #ENV} gives it:
 *
 * <pre>
 * {"service":"gateway","unitIterations":2000,
 *  "types":{"A":{"workUnits":5,"delayMs":0,"parallel":true,"calls":[{"service":"s1"},{"service":"s2"}]},
 *           "B":{"workUnits":5,"calls":[{"service":"s1","type":"B"}]}}}
 * </pre>
 *
 * <p>{@link #parse} checks every field and words the error with its path and value, prefixed
 * {@code NODE_SPEC: }, e.g. {@code NODE_SPEC: 'types.A.workUnits' must be between 0 and 10000, got -1}.
 * Unknown fields are errors too: a misspelt {@code paralel} would otherwise be a silent default.
 *
 * @param service the node's own name, a DNS label, echoed in its answers
 * @param unitIterations rounds of {@link CpuKernel} in one work unit (the harness calibrates it per run)
 * @param types the request types the node serves, in the order written
 */
public record NodeSpec(String service, int unitIterations, Map<String, NodeType> types) {

  /** The environment variable with the spec; absent, empty or blank, the app is not a service node. */
  public static final String ENV = "NODE_SPEC";

  public static final int MAX_UNIT_ITERATIONS = CpuKernel.MAX_ITERATIONS;
  public static final int MAX_WORK_UNITS = 10_000;
  /** The most kernel rounds one request may cost: workUnits × unitIterations. */
  public static final long MAX_ROUNDS = 100_000_000;
  public static final int MAX_DELAY_MS = IoCall.MAX_DELAY_MS;
  public static final int MAX_CALLS = 16;

  /** RFC 1035's label, lower case: a letter first, so that no name reads as an IPv4 address ("123"). */
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z]([-a-z0-9]{0,61}[a-z0-9])?");
  private static final String DNS_LABEL_RULE =
      "a DNS label (a lower-case letter, then lower-case letters, digits or '-', not ending in '-', at most 63)";
  private static final Pattern TYPE_NAME = Pattern.compile("[A-Za-z0-9_-]{1,32}");
  private static final String TYPE_NAME_RULE = "1 to 32 letters, digits, '_' or '-'";

  public NodeSpec {
    types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
  }

  /**
   * The spec {@code json} describes; otherwise an {@link IllegalArgumentException} whose message
   * is the error every /node request answers.
   */
  public static NodeSpec parse(String json) {
    Map<String, Object> root = object(NodeSpecJson.read(json), "");
    knownFields(root, "", Set.of("service", "unitIterations", "types"));
    String service = dnsLabel(required(root, "service", ""), "service");
    int unitIterations = integer(required(root, "unitIterations", ""), "unitIterations", 1, MAX_UNIT_ITERATIONS);
    Map<String, Object> typesJson = object(required(root, "types", ""), "types");
    if (typesJson.isEmpty()) {
      throw invalid("'types' must name at least one type");
    }
    Map<String, NodeType> types = new LinkedHashMap<>();
    typesJson.forEach((name, type) -> types.put(name, type(name, type, unitIterations)));
    return new NodeSpec(service, unitIterations, types);
  }

  private static NodeType type(String name, Object json, int unitIterations) {
    if (!TYPE_NAME.matcher(name).matches()) {
      throw invalid("type name '" + name + "' in 'types' must be " + TYPE_NAME_RULE);
    }
    String path = "types." + name;
    Map<String, Object> type = object(json, path);
    knownFields(type, path, Set.of("workUnits", "delayMs", "parallel", "calls"));
    int workUnits = integer(required(type, "workUnits", path), path + ".workUnits", 0, MAX_WORK_UNITS);
    long rounds = (long) workUnits * unitIterations;
    if (rounds > MAX_ROUNDS) {
      throw invalid("'" + path + "' would run " + rounds + " kernel rounds (workUnits " + workUnits
          + " times unitIterations " + unitIterations + "); at most " + MAX_ROUNDS + " are allowed");
    }
    int delayMs = type.containsKey("delayMs") ? integer(type.get("delayMs"), path + ".delayMs", 0, MAX_DELAY_MS) : 0;
    boolean parallel = type.containsKey("parallel") && bool(type.get("parallel"), path + ".parallel");
    List<NodeCall> calls = type.containsKey("calls") ? calls(type.get("calls"), path + ".calls") : List.of();
    return new NodeType(workUnits, delayMs, parallel, calls);
  }

  private static List<NodeCall> calls(Object json, String path) {
    if (!(json instanceof List<?> list)) {
      throw invalid("'" + path + "' must be an array, got " + describe(json));
    }
    if (list.size() > MAX_CALLS) {
      throw invalid("'" + path + "' has " + list.size() + " calls; at most " + MAX_CALLS + " are allowed");
    }
    return IntStream.range(0, list.size()).mapToObj(i -> {
      String callPath = path + "[" + i + "]";
      Map<String, Object> call = object(list.get(i), callPath);
      knownFields(call, callPath, Set.of("service", "type"));
      String service = dnsLabel(required(call, "service", callPath), callPath + ".service");
      String type = call.containsKey("type") ? typeName(call.get("type"), callPath + ".type") : null;
      return new NodeCall(service, type);
    }).toList();
  }

  // ---- the checks of one field; each error names the field's path and the value it got ----

  private static Object required(Map<String, Object> object, String field, String path) {
    if (!object.containsKey(field)) {
      throw invalid("missing field '" + (path.isEmpty() ? field : path + "." + field) + "'");
    }
    return object.get(field);
  }

  private static void knownFields(Map<String, Object> object, String path, Set<String> known) {
    for (String field : object.keySet()) {
      if (!known.contains(field)) {
        throw invalid("unknown field '" + (path.isEmpty() ? field : path + "." + field) + "' (known: "
            + String.join(", ", known.stream().sorted().toList()) + ")");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object json, String path) {
    if (!(json instanceof Map<?, ?> map)) {
      throw invalid((path.isEmpty() ? "the spec" : "'" + path + "'") + " must be a JSON object, got " + describe(json));
    }
    return (Map<String, Object>) map;
  }

  private static int integer(Object json, String path, int min, int max) {
    if (!(json instanceof BigInteger value)) {
      throw invalid("'" + path + "' must be an integer, got " + describe(json));
    }
    if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
      throw invalid("'" + path + "' must be between " + min + " and " + max + ", got " + value);
    }
    return value.intValueExact();
  }

  private static boolean bool(Object json, String path) {
    if (!(json instanceof Boolean value)) {
      throw invalid("'" + path + "' must be true or false, got " + describe(json));
    }
    return value;
  }

  private static String dnsLabel(Object json, String path) {
    if (!(json instanceof String value) || !DNS_LABEL.matcher(value).matches()) {
      throw invalid("'" + path + "' must be " + DNS_LABEL_RULE + ", got " + describe(json));
    }
    return value;
  }

  private static String typeName(Object json, String path) {
    if (!(json instanceof String value) || !TYPE_NAME.matcher(value).matches()) {
      throw invalid("'" + path + "' must be a type name of " + TYPE_NAME_RULE + ", got " + describe(json));
    }
    return value;
  }

  /** A value as an error shows it: text in quotes, numbers and literals as written, containers by kind. */
  private static String describe(Object json) {
    return switch (json) {
      case null -> "null";
      case String text -> "'" + text + "'";
      case Map<?, ?> ignored -> "an object";
      case List<?> ignored -> "an array";
      default -> json.toString();
    };
  }

  static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException(ENV + ": " + problem);
  }
}
