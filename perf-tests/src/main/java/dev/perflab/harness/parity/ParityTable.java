package dev.perflab.harness.parity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Contracts v1 to v4 as requests: every good path and every documented kind of bad input
 * (docs/contract-v1.md to docs/contract-v4.md). The users rows are a story in order, sent to
 * every app against a fresh database of its own, so ids and 409s line up. The downstream failure
 * cases need the stub switched, so they are separate: {@link #DOWNSTREAM_CALL}. The service-node
 * rows need every app started with {@link #NODE_SPEC}.
 */
public final class ParityTable {

  /** The error of a users request that needs the database, from an app started without one. */
  public static final String NO_DATABASE_ERROR = "no database is configured (DATABASE_URL is not set)";

  /** The environment variable with a service node's spec (docs/contract-v4.md). */
  public static final String NODE_SPEC_VARIABLE = "NODE_SPEC";
  /** The header that may carry a node request's type, beside or instead of the path. */
  static final String NODE_TYPE_HEADER = "X-Request-Type";

  /**
   * The spec every app is started with, in every mode: a leaf, a type of no work that only waits,
   * types that call the app itself ("localhost") in sequence and in parallel, each with another
   * type than its own so that nothing recurses, and calls that fail: to a name no host has, to a
   * type the callee does not serve, and a fork-join whose second call is answered 400 and whose
   * third reaches no host (the second decides, whichever fails first).
   */
  public static final String NODE_SPEC = """
      {"service":"parity","unitIterations":100,"types":{\
      "leaf":{"workUnits":3},\
      "idle":{"workUnits":0,"delayMs":20},\
      "chain":{"workUnits":1,"calls":[{"service":"localhost","type":"leaf"},{"service":"localhost","type":"idle"}]},\
      "fan":{"workUnits":2,"delayMs":10,"parallel":true,"calls":[{"service":"localhost","type":"leaf"},\
      {"service":"localhost","type":"chain"},{"service":"localhost","type":"idle"}]},\
      "lost":{"workUnits":1,"calls":[{"service":"nowhere"}]},\
      "refused":{"workUnits":1,"calls":[{"service":"localhost","type":"unserved"}]},\
      "torn":{"workUnits":0,"parallel":true,"calls":[{"service":"localhost","type":"leaf"},\
      {"service":"localhost","type":"unserved"},{"service":"nowhere"}]}}}""";

  /**
   * A spec that is not valid, which the apps started without a database get instead: they start
   * all the same, and every /node request is a 400 with {@link #BAD_NODE_SPEC_ERROR}.
   */
  public static final String BAD_NODE_SPEC =
      "{\"service\":\"parity\",\"unitIterations\":100,\"types\":{\"leaf\":{\"workUnits\":-1}}}";
  public static final String BAD_NODE_SPEC_ERROR = "NODE_SPEC: 'types.leaf.workUnits' must be between 0 and 10000, got -1";

  /** The /io call whose answer changes when the downstream fails or disappears. */
  public static final ParityRequest DOWNSTREAM_CALL = ParityRequest.get("downstream failing", "/io?delayMs=0", 502);

  private ParityTable() {}

  public static List<ParityRequest> requests() {
    List<ParityRequest> requests = new ArrayList<>(contractV1());
    requests.addAll(users());
    requests.addAll(stream());
    requests.addAll(blob());
    requests.addAll(node());
    return List.copyOf(requests);
  }

  static List<ParityRequest> contractV1() {
    String thousandValues = IntStream.range(0, 1000).map(i -> (i * 7919) % 1000 - 500)
        .mapToObj(Integer::toString).collect(Collectors.joining(","));
    String tooManyValues = IntStream.rangeClosed(0, 100_000).mapToObj(i -> "1").collect(Collectors.joining(","));
    return List.of(
        ParityRequest.get("hello", "/hello", 200),
        ParityRequest.get("cpu, one round", "/cpu?iterations=1", 200),
        ParityRequest.get("cpu, 10,000 rounds", "/cpu?iterations=10000", 200),
        ParityRequest.get("cpu, missing parameter", "/cpu", 400),
        ParityRequest.get("cpu, not a number", "/cpu?iterations=ten", 400),
        ParityRequest.get("cpu, zero", "/cpu?iterations=0", 400),
        ParityRequest.get("cpu, over the maximum", "/cpu?iterations=1000001", 400),
        ParityRequest.get("cpu, beyond int range", "/cpu?iterations=99999999999", 400),
        sort("sort, quicksort ascending", "{\"algorithm\":\"quicksort\",\"order\":\"asc\",\"values\":[5,3,9,-1,3]}", 200),
        sort("sort, mergesort descending", "{\"algorithm\":\"mergesort\",\"order\":\"desc\",\"values\":[" + thousandValues + "]}", 200),
        sort("sort, heapsort, order omitted", "{\"algorithm\":\"heapsort\",\"values\":[2,1]}", 200),
        sort("sort, empty values", "{\"algorithm\":\"quicksort\",\"order\":\"asc\",\"values\":[]}", 200),
        sort("sort, unknown property ignored", "{\"algorithm\":\"quicksort\",\"values\":[2,1],\"extra\":true}", 200),
        sort("sort, unknown algorithm", "{\"algorithm\":\"bogosort\",\"values\":[1]}", 400),
        sort("sort, unknown order", "{\"algorithm\":\"quicksort\",\"order\":\"up\",\"values\":[1]}", 400),
        sort("sort, missing algorithm", "{\"values\":[1]}", 400),
        sort("sort, missing values", "{\"algorithm\":\"quicksort\"}", 400),
        sort("sort, null value", "{\"algorithm\":\"quicksort\",\"values\":[1,null]}", 400),
        sort("sort, too many values", "{\"algorithm\":\"quicksort\",\"values\":[" + tooManyValues + "]}", 400),
        sort("sort, malformed JSON", "{\"algorithm\":", 400),
        sort("sort, empty body", "", 400),
        sort("sort, values not an array", "{\"algorithm\":\"quicksort\",\"values\":\"x\"}", 400),
        sort("sort, fractional value", "{\"algorithm\":\"quicksort\",\"values\":[1.5]}", 400),
        sort("sort, string value", "{\"algorithm\":\"quicksort\",\"values\":[\"a\"]}", 400),
        sort("sort, value beyond int range", "{\"algorithm\":\"quicksort\",\"values\":[99999999999]}", 400),
        sort("sort, algorithm not a string", "{\"algorithm\":5,\"values\":[1]}", 400),
        sort("sort, text after the JSON", "{\"algorithm\":\"quicksort\",\"values\":[1]} x", 400),
        new ParityRequest("sort, body as text/plain", "POST", "/sort",
            "{\"algorithm\":\"quicksort\",\"values\":[1]}", "text/plain", 415),
        new ParityRequest("sort, body without Content-Type", "POST", "/sort",
            "{\"algorithm\":\"quicksort\",\"values\":[1]}", null, 415),
        ParityRequest.get("io, no delay", "/io?delayMs=0", 200),
        ParityRequest.get("io, 50 ms delay", "/io?delayMs=50", 200),
        ParityRequest.get("io, missing parameter", "/io", 400),
        ParityRequest.get("io, negative delay", "/io?delayMs=-1", 400),
        ParityRequest.get("io, over the maximum", "/io?delayMs=10001", 400),
        ParityRequest.get("unknown path", "/nope", 404),
        ParityRequest.get("unknown nested path", "/hello/world", 404),
        ParityRequest.post("wrong method on /hello", "/hello", "{}", 405),
        ParityRequest.get("wrong method on /sort", "/sort", 405),
        // The hand probe of hostile input (docs/contract-v1.md, "Hostile and malformed input").
        ParityRequest.get("cpu, parameter given twice", "/cpu?iterations=1&iterations=2", 400),
        ParityRequest.get("cpu, comma in the value is not a list", "/cpu?iterations=1,2", 400),
        ParityRequest.get("stream, parameter given twice", "/stream?events=1&events=2&intervalMs=0", 400),
        sort("sort, key given twice", "{\"algorithm\":\"quicksort\",\"values\":[2,1],\"values\":[3]}", 400),
        sort("sort, nested deeper than 500 levels", "{\"algorithm\":\"quicksort\",\"values\":[1],\"extra\":"
            + "[".repeat(600) + "]".repeat(600) + "}", 400),
        new ParityRequest("sort, body as a +json type", "POST", "/sort",
            "{\"algorithm\":\"quicksort\",\"values\":[1]}", "application/vnd.api+json", 415),
        ParityRequest.get("path climbing above the root", "/hello/../../etc/passwd", 400),
        ParityRequest.get("path with a dot segment", "/hello/../hello", 400),
        ParityRequest.get("path with an encoded dot segment", "/%2e%2e/hello", 400));
  }

  /** In order: ids are the identity column's, and a failed INSERT (409) uses one up too. */
  static List<ParityRequest> users() {
    String ada = user("Ada Lovelace", "ada@example.com");
    return List.of(
        ParityRequest.post("users, create", "/users", ada, 201),
        ParityRequest.post("users, create another", "/users", user("Alan Turing", "alan@example.com"), 201),
        ParityRequest.get("users, read", "/users/1", 200),
        ParityRequest.put("users, replace", "/users/2", user("Alan M. Turing", "alan@example.com"), 200),
        ParityRequest.get("users, read after replace", "/users/2", 200),
        ParityRequest.put("users, replace with a taken email", "/users/2", user("Alan", "ada@example.com"), 409),
        ParityRequest.post("users, create with a taken email", "/users", user("Ada again", "ada@example.com"), 409),
        ParityRequest.post("users, create after a conflict", "/users", user("Grace Hopper", "grace@example.com"), 201),
        ParityRequest.post("users, unknown property ignored", "/users",
            "{\"name\":\"Edsger Dijkstra\",\"email\":\"edsger@example.com\",\"role\":\"admin\"}", 201),
        ParityRequest.post("users, stored exactly as sent", "/users", user(" Barbara Liskov ", "Barbara@Example.com"), 201),
        ParityRequest.get("users, read a missing id", "/users/999", 404),
        ParityRequest.put("users, replace a missing id", "/users/999", user("Nobody", "nobody@example.com"), 404),
        ParityRequest.delete("users, delete a missing id", "/users/999", 404),
        ParityRequest.get("users, id not a number", "/users/abc", 400),
        ParityRequest.get("users, id zero", "/users/0", 400),
        ParityRequest.get("users, id negative", "/users/-5", 400),
        ParityRequest.get("users, id beyond long range", "/users/99999999999999999999", 400),
        ParityRequest.post("users, name missing", "/users", "{\"email\":\"x@example.com\"}", 400),
        ParityRequest.post("users, name blank", "/users", user("  ", "x@example.com"), 400),
        ParityRequest.post("users, name too long", "/users", user("n".repeat(101), "x@example.com"), 400),
        ParityRequest.post("users, name not a string", "/users", "{\"name\":1,\"email\":\"x@example.com\"}", 400),
        ParityRequest.post("users, email missing", "/users", "{\"name\":\"X\"}", 400),
        ParityRequest.post("users, email invalid", "/users", user("X", "not-an-email"), 400),
        ParityRequest.post("users, email too long", "/users", user("X", "x@" + "e".repeat(250) + ".com"), 400),
        ParityRequest.post("users, email null", "/users", "{\"name\":\"X\",\"email\":null}", 400),
        ParityRequest.post("users, malformed JSON", "/users", "{\"name\":", 400),
        ParityRequest.post("users, key given twice", "/users",
            "{\"name\":\"x\",\"email\":\"twice@example.com\",\"name\":\"y\"}", 400),
        ParityRequest.post("users, NUL in the name", "/users", user("A\\u0000da", "nul@example.com"), 400),
        ParityRequest.post("users, lone surrogate in the name", "/users", user("Ada\\ud800", "lone@example.com"), 400),
        ParityRequest.post("users, empty body", "/users", "", 400),
        ParityRequest.post("users, body a JSON array", "/users", "[]", 400),
        new ParityRequest("users, body as text/plain", "POST", "/users", ada, "text/plain", 415),
        new ParityRequest("users, body without Content-Type", "POST", "/users", ada, null, 415),
        ParityRequest.put("users, invalid body before a missing id", "/users/999", user("", "x@example.com"), 400),
        ParityRequest.delete("users, delete", "/users/1", 204),
        ParityRequest.get("users, read after delete", "/users/1", 404),
        ParityRequest.delete("users, delete twice", "/users/1", 404),
        new ParityRequest("users, PATCH not allowed", "PATCH", "/users/2", "{}", "application/json", 405),
        ParityRequest.post("users, POST on an id not allowed", "/users/2", ada, 405),
        ParityRequest.delete("users, DELETE on the collection not allowed", "/users", 405),
        ParityRequest.get("users, GET on the collection not allowed", "/users", 405));
  }

  /**
   * The table as an app started without a database answers it (docs/contract-v2.md, "Without a
   * database"): every users row that would read or write (2xx, 404, 409) is a 503 with
   * {@link #NO_DATABASE_ERROR}; bad input is refused as with a database, before the 503; every
   * other row is answered as with one.
   */
  public static List<ParityRequest> withoutDatabase() {
    List<ParityRequest> requests = new ArrayList<>(contractV1());
    users().stream().map(ParityTable::withoutDatabase).forEach(requests::add);
    requests.addAll(stream());
    requests.addAll(blob());
    node().stream().map(ParityTable::withBadNodeSpec).forEach(requests::add);
    return List.copyOf(requests);
  }

  /** A node row as an app started with {@link #BAD_NODE_SPEC} answers it: a 400 with its error, unless no route takes it. */
  private static ParityRequest withBadNodeSpec(ParityRequest row) {
    int status = row.expectedStatus();
    return status == 404 || status == 405 ? row
        : row.expecting(row.name() + ", NODE_SPEC not valid", 400, error(BAD_NODE_SPEC_ERROR));
  }

  private static ParityRequest withoutDatabase(ParityRequest row) {
    int status = row.expectedStatus();
    boolean storage = status < 300 || status == 404 || status == 409;
    return storage ? new ParityRequest(row.name() + ", no database", row.method(), row.pathAndQuery(), row.body(),
        row.contentType(), 503) : row;
  }

  static List<ParityRequest> stream() {
    return List.of(
        ParityRequest.stream("stream, 3 events 10 ms apart", "/stream?events=3&intervalMs=10"),
        ParityRequest.stream("stream, one event", "/stream?events=1&intervalMs=0"),
        ParityRequest.stream("stream, 1,000 events at once", "/stream?events=1000&intervalMs=0"),
        ParityRequest.get("stream, too many events", "/stream?events=1001&intervalMs=0", 400),
        ParityRequest.get("stream, zero events", "/stream?events=0&intervalMs=0", 400),
        ParityRequest.get("stream, events not a number", "/stream?events=x&intervalMs=0", 400),
        ParityRequest.get("stream, interval missing", "/stream?events=3", 400),
        ParityRequest.get("stream, negative interval", "/stream?events=3&intervalMs=-1", 400),
        ParityRequest.get("stream, interval over the maximum", "/stream?events=3&intervalMs=10001", 400),
        ParityRequest.post("stream, wrong method", "/stream?events=1&intervalMs=0", "{}", 405));
  }

  static List<ParityRequest> blob() {
    return List.of(
        ParityRequest.bytes("blob, empty", "/blob?bytes=0", blobBody(0)),
        ParityRequest.bytes("blob, one byte", "/blob?bytes=1", blobBody(1)),
        ParityRequest.bytes("blob, one whole chunk", "/blob?bytes=65536", blobBody(65_536)),
        ParityRequest.bytes("blob, 1,000,003 bytes (a short last chunk)", "/blob?bytes=1000003", blobBody(1_000_003)),
        ParityRequest.get("blob, missing parameter", "/blob", 400),
        ParityRequest.get("blob, negative", "/blob?bytes=-1", 400),
        ParityRequest.get("blob, fractional", "/blob?bytes=1.5", 400),
        ParityRequest.get("blob, not a number", "/blob?bytes=abc", 400),
        ParityRequest.get("blob, over the maximum", "/blob?bytes=67108865", 400),
        ParityRequest.get("blob, parameter given twice", "/blob?bytes=1&bytes=2", 400),
        ParityRequest.post("blob, wrong method", "/blob?bytes=1", "{}", 405));
  }

  /**
   * The service node (docs/contract-v4.md), as {@link #NODE_SPEC} configures every app: each
   * answer is the one the contract's words give, digests computed here ({@link #nodeDigest}).
   */
  static List<ParityRequest> node() {
    String leaf = nodeAnswer("leaf", 3, 0);
    String fan = nodeAnswer("fan", 2, 3);
    String types = "node 'parity' serves leaf, idle, chain, fan, lost, refused, torn";
    return List.of(
        ParityRequest.get("node, a leaf", "/node/leaf", 200).answeredWith(leaf),
        ParityRequest.get("node, no work, a wait", "/node/idle", 200).answeredWith(nodeAnswer("idle", 0, 0)),
        ParityRequest.get("node, two calls to itself in sequence", "/node/chain", 200)
            .answeredWith(nodeAnswer("chain", 1, 2)),
        ParityRequest.get("node, three calls to itself in parallel, one of them calling two more", "/node/fan", 200)
            .answeredWith(fan),
        ParityRequest.get("node, the type in the header", "/node", 200).withHeader(NODE_TYPE_HEADER, "fan")
            .answeredWith(fan),
        ParityRequest.get("node, the same type in the path and the header", "/node/leaf", 200)
            .withHeader(NODE_TYPE_HEADER, "leaf").answeredWith(leaf),
        ParityRequest.get("node, a call to a name no host has", "/node/lost", 502)
            .answeredWith(error("downstream 'nowhere' unreachable")),
        ParityRequest.get("node, a call to a type the callee does not serve", "/node/refused", 502)
            .answeredWith(error("downstream 'localhost' answered HTTP 400")),
        ParityRequest.get("node, parallel calls failing: the first failing in order decides", "/node/torn", 502)
            .answeredWith(error("downstream 'localhost' answered HTTP 400")),
        ParityRequest.get("node, path and header differ", "/node/leaf", 400).withHeader(NODE_TYPE_HEADER, "fan")
            .answeredWith(error("request type 'leaf' in the path differs from 'fan' in header X-Request-Type")),
        ParityRequest.get("node, no type", "/node", 400)
            .answeredWith(error("missing request type: give it in the path (/node/{type}) or in header X-Request-Type")),
        ParityRequest.get("node, header given twice", "/node", 400).withHeader(NODE_TYPE_HEADER, "leaf", "leaf")
            .answeredWith(error("header X-Request-Type must be given once, got 2 values")),
        ParityRequest.get("node, unknown type", "/node/nope", 400)
            .answeredWith(error("unknown request type 'nope': " + types)),
        ParityRequest.get("node, unknown type in the header", "/node", 400).withHeader(NODE_TYPE_HEADER, "nope")
            .answeredWith(error("unknown request type 'nope': " + types)),
        ParityRequest.get("node, a segment too many", "/node/leaf/more", 404),
        ParityRequest.post("node, wrong method", "/node/leaf", "{}", 405),
        ParityRequest.post("node, wrong method without a type", "/node", "{}", 405));
  }

  /**
   * A node's digest (docs/contract-v4.md): SHA-256 applied {@code rounds} times to the ASCII
   * seed "perflab", or, with no rounds, the seed itself, in lower-case hex. Written from the
   * contract's words, not from the workload's code.
   */
  static String nodeDigest(int rounds) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      byte[] value = "perflab".getBytes(StandardCharsets.US_ASCII);
      for (int i = 0; i < rounds; i++) {
        value = sha256.digest(value);
      }
      return HexFormat.of().formatHex(value);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What the node of {@link #NODE_SPEC} answers to a request of {@code type}. */
  private static String nodeAnswer(String type, int workUnits, int calls) {
    return "{\"service\":\"parity\",\"type\":\"" + type + "\",\"workUnits\":" + workUnits + ",\"digest\":\""
        + nodeDigest(workUnits * 100) + "\",\"calls\":" + calls + "}";
  }

  private static String error(String text) {
    return "{\"error\":\"" + text + "\"}";
  }

  /**
   * What {@code GET /blob?bytes=N} must send (docs/contract-v3.md): byte i is i mod 251, with
   * {@code Content-Length: N}. Written from the contract's words, not from the workload's code,
   * so that a mistake there cannot pass here by agreeing with itself.
   */
  static BinaryBody blobBody(int bytes) {
    byte[] body = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      body[i] = (byte) (i % 251);
    }
    return BinaryBody.of(body, OptionalLong.of(bytes));
  }

  private static String user(String name, String email) {
    return "{\"name\":\"" + name + "\",\"email\":\"" + email + "\"}";
  }

  private static ParityRequest sort(String name, String body, int expectedStatus) {
    return ParityRequest.post(name, "/sort", body, expectedStatus);
  }
}
