package dev.perflab.workload;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads NODE_SPEC's JSON into plain values ({@link NodeSpec} checks their shape): an object is a
 * {@code Map} in the order written, an array a {@code List}, an integer a {@code BigInteger} (so
 * a value beyond any range is still reported as written), a fraction a {@code BigDecimal}, and
 * {@code null} a Java null. Jackson's streaming parser, not its data binding: the workload needs
 * no more, and the errors must be the same words in every app, so they are written here (a key
 * given twice, text after the value) rather than taken from Jackson's messages, which change
 * between the versions the apps' BOMs pick.
 */
final class NodeSpecJson {

  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private NodeSpecJson() {}

  /** The value {@code json} holds; an {@link IllegalArgumentException} with NODE_SPEC's error when it is not JSON. */
  static Object read(String json) {
    try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), json)) {
      if (parser.nextToken() == null) {
        throw NodeSpec.invalid("not valid JSON: no value");
      }
      Object value = value(parser, "");
      if (parser.nextToken() != null) {
        throw NodeSpec.invalid("not valid JSON: text after the value" + at(parser.currentTokenLocation()));
      }
      return value;
    } catch (JacksonException e) {
      throw NodeSpec.invalid("not valid JSON" + at(e.getLocation()));
    }
  }

  /** The value at the parser's current token; {@code path} names it in errors ({@code types.A}). */
  private static Object value(JsonParser parser, String path) {
    return switch (parser.currentToken()) {
      case START_OBJECT -> object(parser, path);
      case START_ARRAY -> array(parser, path);
      case VALUE_STRING -> parser.getString();
      case VALUE_NUMBER_INT -> parser.getBigIntegerValue();
      case VALUE_NUMBER_FLOAT -> new BigDecimal(parser.getString());
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw NodeSpec.invalid("not valid JSON" + at(parser.currentTokenLocation()));
    };
  }

  private static Map<String, Object> object(JsonParser parser, String path) {
    Map<String, Object> object = new LinkedHashMap<>();
    for (String name = parser.nextName(); name != null; name = parser.nextName()) {
      String field = path.isEmpty() ? name : path + "." + name;
      if (object.containsKey(name)) {
        throw NodeSpec.invalid("field '" + field + "' is given twice");
      }
      parser.nextToken();
      object.put(name, value(parser, field));
    }
    return object;
  }

  private static List<Object> array(JsonParser parser, String path) {
    List<Object> array = new ArrayList<>();
    for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
      array.add(value(parser, path + "[" + array.size() + "]"));
    }
    return array;
  }

  private static String at(TokenStreamLocation location) {
    return location == null ? "" : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }
}
