package dev.perflab.harness.parity;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.instancio.Random;

/**
 * How each {@link HostileKind} is built from Instancio's seeded {@link Random}. Each shape is wrong
 * in one way the contract words (docs/contract-v1.md, "Hostile and malformed input") and right in
 * every other, so that all apps must refuse it for the same reason.
 */
final class HostileShapes {

  private static final List<String> JSON = List.of("Content-Type: application/json");
  private static final String[] INT_PARAMETERS = {"/cpu?iterations=", "/io?delayMs=", "/stream?intervalMs=0&events="};
  private static final String[] GET_ONLY = {"/hello", "/cpu", "/io", "/stream"};
  private static final String[] KNOWN_FIRST_SEGMENTS = {"hello", "cpu", "io", "stream", "sort", "users", "node"};
  /** The types ParityTable.NODE_SPEC serves that call nothing; a conflict names two of them. */
  private static final String[] LEAF_TYPES = {"leaf", "idle"};
  /** Every type ParityTable.NODE_SPEC serves, which an unknown type must not be. */
  private static final List<String> SERVED_TYPES = List.of("leaf", "idle", "chain", "fan", "lost", "refused", "torn");
  private static final String[] STANDARD_METHODS = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE",
      "PATCH", "CONNECT"};
  private static final String[] NOT_JSON = {"text/plain", "application/xml", "text/html", "application/octet-stream",
      "application/x-www-form-urlencoded", "application/vnd.api+json", "application/problem+json", "text/json",
      "image/png", "text/csv; charset=utf-8"};
  private static final String[] DOTS = {".", "..", "%2e", "%2E%2e", ".%2e"};
  /** Byte sequences that are not UTF-8: a stray byte, a cut sequence, overlong '/', an encoded surrogate. */
  private static final byte[][] NOT_UTF8 = {{(byte) 0xff}, {(byte) 0xc3, 0x28}, {(byte) 0xe2, (byte) 0x82},
      {(byte) 0xc0, (byte) 0xaf}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0x80}};

  private HostileShapes() {}

  /** A number past its range: an id of 20 digits or more (a long has 19), an int parameter of 11 or more (10). */
  static HostileRequest oversizedParameter(Random random) {
    if (random.trueOrFalse()) {
      return get(HostileKind.OVERSIZED_PARAMETER, "/users/" + random.intRange(1, 9) + random.digits(random.intRange(19, 3_000)));
    }
    return get(HostileKind.OVERSIZED_PARAMETER, random.oneOf(INT_PARAMETERS) + (random.trueOrFalse() ? "-" : "")
        + random.intRange(1, 9) + random.digits(random.intRange(10, 3_000)));
  }

  static HostileRequest oversizedBody(Random random) {
    if (random.trueOrFalse()) {
      String values = IntStream.range(0, random.intRange(100_001, 110_000))
          .mapToObj(i -> Integer.toString(i % 97)).collect(Collectors.joining(","));
      return post(HostileKind.OVERSIZED_BODY, "/sort", "{\"algorithm\":\"heapsort\",\"values\":[" + values + "]}");
    }
    String name = random.alphanumeric(random.intRange(101, 50_000));
    return post(HostileKind.OVERSIZED_BODY, random.oneOf("/users", "/users/1"), user(name, "big@example.com"));
  }

  /** Nesting over the 500 levels every app allows, in a field the apps would otherwise ignore. */
  static HostileRequest deepJson(Random random) {
    int depth = random.intRange(501, 5_000);
    String deep = (random.trueOrFalse() ? "[" : "{\"a\":[").repeat(depth) + "1";
    deep += deep.startsWith("[") ? "]".repeat(depth) : "]}".repeat(depth);
    String body = random.trueOrFalse()
        ? "{\"algorithm\":\"quicksort\",\"values\":[1],\"extra\":" + deep + "}"
        : "{\"name\":\"Deep\",\"email\":\"deep@example.com\",\"extra\":" + deep + "}";
    return post(HostileKind.DEEP_JSON, body.contains("algorithm") ? "/sort" : "/users", body);
  }

  static HostileRequest brokenJson(Random random) {
    boolean sort = random.trueOrFalse();
    String valid = sort ? "{\"algorithm\":\"mergesort\",\"values\":[3,1,2]}" : user("Broken", "broken@example.com");
    String broken = switch (random.intRange(0, 9)) {
      case 0 -> valid.substring(0, random.intRange(1, valid.length() - 1));
      case 1 -> valid + random.oneOf("}", "]", ",", " x", "{}", "null");
      case 2 -> valid.replace('"', '\'');
      case 3 -> valid.replace("{\"", "{/* comment */\"");
      case 4 -> valid.replace("\":", "\"::");
      case 5 -> valid.replaceFirst("\\{\"(\\w+)\"", "{$1");
      case 6 -> sort ? valid.replace("[3,", "[03,") : valid.replace("Broken", "Bro\\xken");
      case 7 -> sort ? valid.replace("2]", "2,]") : valid.replace("}", ",}");
      case 8 -> sort ? valid.replace("[3,", "[NaN,") : valid.replace("Broken", "Bro\u0001ken");
      default -> sort ? valid.replace("{", "{\"values\":[9],") : valid.replace("{", "{\"name\":\"Twice\",");
    };
    return post(HostileKind.BROKEN_JSON, sort ? "/sort" : "/users", broken);
  }

  static HostileRequest badUtf8InJson(Random random) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("{\"algorithm\":\"quick".getBytes(StandardCharsets.UTF_8));
    body.writeBytes(random.oneOf(NOT_UTF8));
    body.writeBytes("sort\",\"values\":[2,1]}".getBytes(StandardCharsets.UTF_8));
    return HostileRequest.of(HostileKind.BAD_UTF8_IN_JSON, "POST", "/sort", JSON, body.toByteArray());
  }

  static HostileRequest wrongContentType(Random random) {
    boolean sort = random.trueOrFalse();
    String body = sort ? "{\"algorithm\":\"quicksort\",\"values\":[2,1]}" : user("Typed", "typed@example.com");
    return HostileRequest.of(HostileKind.WRONG_CONTENT_TYPE, "POST", sort ? "/sort" : "/users",
        List.of("Content-Type: " + random.oneOf(NOT_JSON)), body.getBytes(StandardCharsets.UTF_8));
  }

  /** An out-of-every-range number written as %XX escapes: every app must decode it, then refuse the value. */
  static HostileRequest percentEncodedParameter(Random random) {
    String number = Integer.toString(random.intRange(10_000_001, 999_999_999));
    StringBuilder encoded = new StringBuilder();
    number.chars().forEach(c -> encoded.append(random.trueOrFalse() ? "%3" + (char) c : Character.toString(c)));
    return get(HostileKind.PERCENT_ENCODED_PARAMETER, random.oneOf(INT_PARAMETERS) + encoded);
  }

  static HostileRequest repeatedParameter(Random random) {
    String prefix = random.oneOf(INT_PARAMETERS);
    String name = prefix.substring(prefix.lastIndexOf(prefix.contains("&") ? '&' : '?') + 1, prefix.length() - 1);
    StringBuilder target = new StringBuilder(prefix).append(random.intRange(1, 100));
    for (int i = random.intRange(1, 3); i > 0; i--) {
      target.append('&').append(name).append('=').append(random.intRange(1, 100));
    }
    return get(HostileKind.REPEATED_PARAMETER, target.toString());
  }

  static HostileRequest unknownMethod(Random random) {
    String method;
    do {
      method = random.upperCaseAlphabetic(random.intRange(3, 10));
    } while (List.of(STANDARD_METHODS).contains(method));
    return switch (random.intRange(0, 2)) {
      case 0 -> HostileRequest.of(HostileKind.UNKNOWN_METHOD, method, random.oneOf(GET_ONLY), List.of(), null);
      case 1 -> HostileRequest.of(HostileKind.UNKNOWN_METHOD, random.oneOf("POST", "PUT", "DELETE", "PATCH"),
          random.oneOf(GET_ONLY), List.of(), null);
      default -> HostileRequest.of(HostileKind.UNKNOWN_METHOD, random.oneOf("GET", "PUT", "DELETE", "PATCH", method),
          "/sort", List.of(), null);
    };
  }

  /** A path no route has: a made-up first segment, or a known one with segments no route takes. */
  static HostileRequest unknownPath(Random random) {
    List<String> segments = new ArrayList<>();
    String first = random.trueOrFalse() ? "x" + random.alphanumeric(random.intRange(1, 12)) : random.oneOf(KNOWN_FIRST_SEGMENTS);
    segments.add(first);
    // /users/{id} and /node/{type} take one segment more: two more than that is no route.
    int extra = first.equals("users") || first.equals("node") ? 2
        : first.startsWith("x") ? random.intRange(0, 3) : random.intRange(1, 3);
    for (int i = 0; i < extra; i++) {
      segments.add(segment(random));
    }
    return HostileRequest.of(HostileKind.UNKNOWN_PATH, random.oneOf("GET", "DELETE"), "/" + String.join("/", segments),
        List.of(), null);
  }

  /** A dot segment, plain or percent-encoded, always followed by another segment (never where an id goes). */
  static HostileRequest dotSegments(Random random) {
    List<String> segments = new ArrayList<>();
    for (int i = random.intRange(0, 2); i > 0; i--) {
      segments.add(random.trueOrFalse() ? random.oneOf(KNOWN_FIRST_SEGMENTS) : segment(random));
    }
    segments.add(random.oneOf(DOTS));
    segments.add(random.oneOf("hello", "cpu", "etc", "passwd", segment(random)));
    return HostileRequest.of(HostileKind.DOT_SEGMENTS, "GET", "/" + String.join("/", segments), List.of(), null);
  }

  /**
   * A type the node does not serve, in the path or in the header: a made-up name, one of the spec's own
   * names changed in case or length, or over the 32 characters a type may have, sometimes with a
   * percent-encoded non-ASCII letter (in the path). Every app must echo it, decoded, in the same 400.
   */
  static HostileRequest nodeUnknownType(Random random) {
    String type;
    do {
      type = switch (random.intRange(0, 3)) {
        case 0 -> random.alphanumeric(random.intRange(1, 32)) + random.oneOf("", "-", "_");
        case 1 -> random.oneOf(SERVED_TYPES).toUpperCase(Locale.ROOT);
        case 2 -> random.oneOf(SERVED_TYPES) + random.oneOf("s", "-1", "_", "X");
        default -> random.alphanumeric(random.intRange(33, 200));
      };
    } while (SERVED_TYPES.contains(type));
    if (random.trueOrFalse()) {
      String inPath = random.trueOrFalse(0.2) ? type + random.oneOf("%C3%A9", "%E2%82%AC", "%E6%97%A5") : type;
      return get(HostileKind.NODE_UNKNOWN_TYPE, "/node/" + inPath);
    }
    return HostileRequest.of(HostileKind.NODE_UNKNOWN_TYPE, "GET", "/node", List.of("X-Request-Type: " + type), null);
  }

  /**
   * The type given twice and not once: in the path and, differently, in the header; or the header alone,
   * two to four times. Each answer is the contract's 400 for that conflict.
   */
  static HostileRequest nodeTypeConflict(Random random) {
    if (random.trueOrFalse()) {
      String path = random.oneOf(LEAF_TYPES);
      String header = path.equals("leaf") ? "idle" : "leaf";
      return HostileRequest.of(HostileKind.NODE_TYPE_CONFLICT, "GET", "/node/" + path,
          List.of("X-Request-Type: " + header), null);
    }
    List<String> headers = new ArrayList<>();
    for (int i = random.intRange(2, 4); i > 0; i--) {
      headers.add(random.oneOf("X-Request-Type", "x-request-type", "X-REQUEST-TYPE") + ": " + random.oneOf(LEAF_TYPES));
    }
    return HostileRequest.of(HostileKind.NODE_TYPE_CONFLICT, "GET", "/node", headers, null);
  }

  /** Over every server's limit on the request line (8 KiB in Tomcat, which counts line and headers together). */
  static HostileRequest requestLineTooLong(Random random) {
    String filler = random.alphanumeric(random.intRange(9_000, 30_000));
    return get(HostileKind.REQUEST_LINE_TOO_LONG, random.trueOrFalse() ? "/hello?q=" + filler : "/" + filler);
  }

  static HostileRequest headersTooLarge(Random random) {
    List<String> headers = new ArrayList<>();
    int total = random.intRange(9_000, 80_000);
    for (int i = 0, n = random.intRange(1, 20); i < n; i++) {
      headers.add("X-Filler-" + i + ": " + random.alphanumeric(total / n));
    }
    return HostileRequest.of(HostileKind.HEADERS_TOO_LARGE, "GET", "/hello", headers, null);
  }

  static HostileRequest malformedSyntax(Random random) {
    if (random.trueOrFalse()) {
      return HostileRequest.of(HostileKind.MALFORMED_SYNTAX, "GET", "/hello", List.of("Bad Header: y"), null);
    }
    // Characters RFC 3986 does not allow in a request target, as the hand probe sent them.
    String target = random.trueOrFalse() ? "/cpu?iterations=1" + random.oneOf("|", "{") : "/" + segment(random) + "\\";
    return get(HostileKind.MALFORMED_SYNTAX, target);
  }

  /** A path segment: letters, digits and a few unreserved marks, sometimes a percent-encoded non-ASCII letter. */
  private static String segment(Random random) {
    String plain = random.alphanumeric(random.intRange(1, 10)) + random.oneOf("", "-", "_", "~");
    return random.trueOrFalse(0.2) ? plain + random.oneOf("%C3%A9", "%E2%82%AC", "%E6%97%A5") : plain;
  }

  private static String user(String name, String email) {
    return "{\"name\":\"" + name + "\",\"email\":\"" + email + "\"}";
  }

  private static HostileRequest get(HostileKind kind, String target) {
    return HostileRequest.of(kind, "GET", target, List.of(), null);
  }

  private static HostileRequest post(HostileKind kind, String path, String json) {
    return HostileRequest.of(kind, path.equals("/users/1") ? "PUT" : "POST", path, JSON,
        json.getBytes(StandardCharsets.UTF_8));
  }
}
