package dev.perflab.harness.report.html;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** What the charts' ECharts options share: the JSON they are written as, and the parts every chart has. */
public final class Options {

  public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Writes options so that they can sit inside a script element: no "&lt;/script" in any string. */
  static final ObjectMapper JSON = JsonMapper.builder(new JsonFactoryBuilder()
      .characterEscapes(new ScriptSafeEscapes()).build()).build();

  private Options() {}

  static String write(ObjectNode option) {
    try {
      return JSON.writeValueAsString(option);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an ECharts option could not be written as JSON", e);
    }
  }

  /** A title with a subtitle that says how to read the chart. */
  public static ObjectNode title(String text, String subtext) {
    ObjectNode title = NODES.objectNode().put("text", text).put("left", "center");
    if (subtext != null) {
      title.put("subtext", subtext);
    }
    return title;
  }

  /** A value axis with its name (unit included) centred along it. */
  public static ObjectNode valueAxis(String name, int nameGap) {
    ObjectNode axis = NODES.objectNode().put("type", "value").put("name", name).put("nameLocation", "middle")
        .put("nameGap", nameGap);
    axis.putObject("nameTextStyle").put("fontWeight", "bold");
    return axis;
  }

  public static ObjectNode categoryAxis(Iterable<String> categories) {
    ObjectNode axis = NODES.objectNode().put("type", "category");
    ArrayNode data = axis.putArray("data");
    categories.forEach(data::add);
    return axis;
  }

  /** A legend under the title, scrolling when it has more entries than fit on one line. */
  public static ObjectNode legend(int top) {
    return NODES.objectNode().put("type", "scroll").put("top", top);
  }

  public static ObjectNode grid(int top, int left, int right, int bottom) {
    return NODES.objectNode().put("top", top).put("left", left).put("right", right).put("bottom", bottom);
  }

  public static ArrayNode point(double x, double y) {
    return NODES.arrayNode().add(x).add(y);
  }

  /** A round step for an axis over {@code span}: half a power of ten (0.3 → 0.05, 590 → 50). */
  static double niceStep(double span) {
    return Math.pow(10, Math.floor(Math.log10(span))) / 2;
  }

  /** {@code value} rounded up to a whole number of {@code step}s, so that the axis ends on a tick. */
  static double ceilTo(double value, double step) {
    return round(Math.ceil(value / step - 1e-9) * step, 6);
  }

  static double floorTo(double value, double step) {
    return round(Math.floor(value / step + 1e-9) * step, 6);
  }

  /** Rounded for a small page: the charts cannot show more. */
  public static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }

  /** JSON's escapes plus {@code <}, {@code >} and {@code &} as backslash-u escapes, which HTML does not parse. */
  private static final class ScriptSafeEscapes extends CharacterEscapes {
    private final int[] escapes;

    ScriptSafeEscapes() {
      escapes = standardAsciiEscapesForJSON();
      escapes['<'] = ESCAPE_STANDARD;
      escapes['>'] = ESCAPE_STANDARD;
      escapes['&'] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return escapes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return null;
    }
  }
}
