package dev.perflab.harness.parity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;

/**
 * What an app answered, normalised for comparison: the status, the media type without
 * parameters (so {@code application/json;charset=UTF-8} equals {@code application/json}) and
 * the body as a JSON tree (so key order and whitespace do not count), or as text if not JSON.
 */
public record ParityAnswer(int status, String mediaType, JsonNode json, String text) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public static ParityAnswer of(int status, String contentType, String body) {
    String mediaType = contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
    try {
      JsonNode json = body.isBlank() ? null : JSON.readTree(body);
      return new ParityAnswer(status, mediaType, json, json == null ? body : null);
    } catch (JsonProcessingException e) {
      return new ParityAnswer(status, mediaType, null, body);
    }
  }

  public String describe() {
    return status + " " + (mediaType.isEmpty() ? "(no content type)" : mediaType) + " "
        + (json != null ? json.toString() : "'" + abbreviate(text) + "'");
  }

  private static String abbreviate(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }
}
