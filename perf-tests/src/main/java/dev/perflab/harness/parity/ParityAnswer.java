package dev.perflab.harness.parity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.util.Locale;

/**
 * What an app answered, normalised for comparison: the status, the media type without
 * parameters (so {@code application/json;charset=UTF-8} equals {@code application/json}), the
 * path of the {@code Location} header (an absolute URL and a path name the same resource), and
 * the body as a JSON tree (so key order and whitespace do not count), as the parsed events of
 * an event stream ({@link ServerSentEvents}), as text if neither, or, for a body of bytes
 * ({@code application/octet-stream}), as its length, digest and framing ({@link BinaryBody}).
 */
public record ParityAnswer(int status, String mediaType, String location, JsonNode json, String text, BinaryBody binary) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public static ParityAnswer of(int status, String contentType, String body) {
    return of(status, contentType, null, body);
  }

  /** A body of bytes, received as such (see {@link #isBinary}). */
  public static ParityAnswer of(int status, String contentType, String location, BinaryBody body) {
    return new ParityAnswer(status, mediaType(contentType), locationPath(location), null, null, body);
  }

  public static ParityAnswer of(int status, String contentType, String location, String body) {
    String mediaType = mediaType(contentType);
    String locationPath = locationPath(location);
    if (mediaType.equals(ParityRequest.EVENT_STREAM)) {
      return new ParityAnswer(status, mediaType, locationPath, ServerSentEvents.parse(body), null, null);
    }
    try {
      JsonNode json = body.isBlank() ? null : JSON.readTree(body);
      return new ParityAnswer(status, mediaType, locationPath, json, json == null ? body : null, null);
    } catch (JsonProcessingException e) {
      return new ParityAnswer(status, mediaType, locationPath, null, body, null);
    }
  }

  /** Whether a body of this Content-Type is bytes, to be read as bytes and kept as a {@link BinaryBody}. */
  public static boolean isBinary(String contentType) {
    return mediaType(contentType).equals(ParityRequest.OCTET_STREAM);
  }

  public String describe() {
    return status + " " + (mediaType.isEmpty() ? "(no content type)" : mediaType)
        + (location == null ? "" : " Location " + location) + " "
        + (binary != null ? binary.describe() : json != null ? abbreviate(json.toString()) : "'" + abbreviate(text) + "'");
  }

  private static String mediaType(String contentType) {
    return contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
  }

  private static String locationPath(String location) {
    return location == null ? null : URI.create(location).getPath();
  }

  private static String abbreviate(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }
}
