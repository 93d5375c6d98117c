package dev.perflab.harness.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads a human-edited YAML file into records, refusing anything the records do not declare:
 * unknown keys, missing keys and wrong types all fail with a {@link ConfigFileException} that
 * names the file, the line and the field. Records refuse the nulls they cannot take in their
 * constructors ({@link #required}); that failure is reported the same way.
 */
public final class StrictYaml {

  private static final ObjectMapper MAPPER = JsonMapper.builder(new YAMLFactory())
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .build();

  private static final Pattern QUOTED_VALUE = Pattern.compile("value \\(\"([^\"]*)\"\\)");

  private StrictYaml() {}

  public static <T> T read(String yaml, String source, Class<T> type) {
    try {
      T value = MAPPER.readValue(yaml, type);
      if (value == null) {
        throw new ConfigFileException(source, "the file is empty");
      }
      return value;
    } catch (JsonProcessingException e) {
      throw translate(yaml, source, e);
    }
  }

  /** For record constructors: a key that is present but null (or empty) is refused. */
  public static <T> T required(T value, String key) {
    if (value == null) {
      throw new IllegalArgumentException("'" + key + "' must have a value");
    }
    return value;
  }

  private static ConfigFileException translate(String yaml, String source, JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    int line = location == null ? 0 : location.getLineNr();
    if (e instanceof UnrecognizedPropertyException unknown) {
      // Records are built once their mapping ends, so Jackson reports the mapping's end.
      line = lastLineWithKeyUpTo(yaml, unknown.getPropertyName(), line);
    }
    String field = e instanceof JsonMappingException mapping ? path(mapping) : "";
    return new ConfigFileException(source, line, field, problem(e));
  }

  private static int lastLineWithKeyUpTo(String yaml, String key, int line) {
    String[] lines = yaml.split("\n", -1);
    for (int i = Math.min(line, lines.length) - 1; i >= 0; i--) {
      if (lines[i].strip().startsWith(key + ":")) {
        return i + 1;
      }
    }
    return line;
  }

  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
        .collect(Collectors.joining("."))
        .replace(".[", "[");
  }

  private static String problem(JsonProcessingException e) {
    if (e instanceof ValueInstantiationException invalid && invalid.getCause() != null) {
      return invalid.getCause().getMessage();
    }
    if (e instanceof UnrecognizedPropertyException unknown) {
      return "unknown key '" + unknown.getPropertyName() + "'; expected one of "
          + unknown.getKnownPropertyIds();
    }
    if (e instanceof InvalidFormatException invalid) {
      return "expected " + describe(invalid.getTargetType()) + ", got '" + invalid.getValue() + "'";
    }
    if (e.getOriginalMessage().startsWith("Missing creator property")
        || e.getOriginalMessage().startsWith("Missing required creator property")) {
      return "is missing; it is required";
    }
    if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
      return "expected " + describe(mismatched.getTargetType()) + gotText(e);
    }
    return firstLine(e);
  }

  /** The offending value, which Jackson's coercion errors quote as {@code value ("x")}. */
  private static String gotText(JsonProcessingException e) {
    Matcher quoted = QUOTED_VALUE.matcher(e.getOriginalMessage());
    return quoted.find() ? ", got '" + quoted.group(1) + "'" : "";
  }

  private static String describe(Class<?> type) {
    if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
      return "a whole number";
    }
    if (type == double.class || type == Double.class) {
      return "a number";
    }
    if (type == String.class) {
      return "a string";
    }
    if (java.util.Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    if (java.util.Map.class.isAssignableFrom(type)) {
      return "a mapping";
    }
    return "a " + type.getSimpleName();
  }

  private static String firstLine(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
