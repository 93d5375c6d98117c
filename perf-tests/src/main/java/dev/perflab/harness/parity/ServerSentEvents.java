package dev.perflab.harness.parity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An event stream as an SSE client sees it (WHATWG HTML, "Parsing an event stream"): one
 * {@code {"id","event","data"}} object per dispatched event, data parsed as JSON when it is.
 * Bytes a client ignores (comment lines, the optional space after a colon, CRLF versus LF)
 * therefore never make two frameworks differ.
 */
final class ServerSentEvents {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ServerSentEvents() {}

  static ArrayNode parse(String body) {
    ArrayNode events = JSON.createArrayNode();
    String id = null;
    String event = null;
    StringBuilder data = null;
    for (String line : body.split("\r\n|\r|\n", -1)) {
      if (line.isEmpty()) {
        if (data != null) {
          events.add(event(id, event, data.toString()));
        }
        event = null;
        data = null;
        continue;
      }
      if (line.startsWith(":")) {
        continue;
      }
      int colon = line.indexOf(':');
      String field = colon < 0 ? line : line.substring(0, colon);
      String value = colon < 0 ? "" : line.substring(colon + 1);
      if (value.startsWith(" ")) {
        value = value.substring(1);
      }
      switch (field) {
        case "id" -> id = value;
        case "event" -> event = value;
        case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
        default -> { }
      }
    }
    return events;
  }

  private static ObjectNode event(String id, String event, String data) {
    ObjectNode node = JSON.createObjectNode();
    node.put("id", id);
    node.put("event", event == null ? "message" : event);
    try {
      node.set("data", JSON.readTree(data));
    } catch (JsonProcessingException notJson) {
      node.put("data", data);
    }
    return node;
  }
}
