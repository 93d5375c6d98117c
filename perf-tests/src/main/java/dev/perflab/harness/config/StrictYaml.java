package dev.perflab.harness.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.InjectableValues;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

  /**
   * A record component annotated {@code @JacksonInject(StrictYaml.ABSENT)} is a key files written
   * before it existed may leave out: it then reads as null, which the record turns into its default.
   * Every other key is required. Jackson refuses one injected id twice in a record, so a record with
   * several such keys names each apart: {@code @JacksonInject(StrictYaml.ABSENT + "stepSeconds")}.
   */
  public static final String ABSENT = "perflab.absent-key";

  private static final ObjectMapper MAPPER = JsonMapper.builder(new YAMLFactory())
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .injectableValues(new Absent())
      .build();

  private static final Pattern QUOTED_VALUE = Pattern.compile("value \\(\"([^\"]*)\"\\)");

  private StrictYaml() {}

  /** Every id that starts with {@link #ABSENT} injects null: the key was left out. */
  private static final class Absent extends InjectableValues {
    @Override
    public Object findInjectableValue(Object valueId, DeserializationContext context, BeanProperty property,
        Object instance) throws JsonMappingException {
      if (valueId instanceof String id && id.startsWith(ABSENT)) {
        return null;
      }
      throw JsonMappingException.from(context, "no value to inject for '" + valueId + "'; only StrictYaml.ABSENT keys");
    }
  }

  public static <T> T read(String yaml, String source, Class<T> type) {
    try {
      T value = MAPPER.readValue(yaml, type);
      if (value == null) {
        throw new ConfigFileException(source, "the file is empty");
      }
      return value;
    } catch (JsonProcessingException e) {
      if (isMissing(e) && e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
        // Records are built once their mapping ends, so a missing key is noticed there, before an
        // unknown key in the same mapping (often the missing one misspelt) is: point at the mapping and name it.
        Document document = Document.parse(yaml, source);
        JsonPointer parent = pointer(mapping).head();
        String unknown = document.unknownKeys(parent, mapping.getPath().getLast().getFrom());
        throw new ConfigFileException(source, document.lineOf(parent), path(mapping), problem(e) + unknown);
      }
      throw translate(yaml, source, e);
    }
  }

  /**
   * Reads {@code base} with each top-level key of {@code overlay} put in place of base's key of
   * that name (the whole value: a list or mapping is replaced, not merged into), as strictly as
   * {@link #read}. An error names the file its top-level key came from, and the line there; one
   * about the whole document (a record's own cross-check) names the overlay over the base.
   */
  public static <T> T readOverlaid(String baseYaml, String baseSource, String overlayYaml, String overlaySource,
      Class<T> type) {
    Document base = Document.parse(baseYaml, baseSource);
    Document overlay = Document.parse(overlayYaml, overlaySource);
    ObjectNode merged = base.root().deepCopy();
    overlay.root().properties().forEach(entry -> merged.set(entry.getKey(), entry.getValue()));
    try {
      return MAPPER.treeToValue(merged, type);
    } catch (JsonProcessingException e) {
      String field = e instanceof JsonMappingException mapping ? path(mapping) : "";
      JsonPointer pointer = e instanceof JsonMappingException mapping ? pointer(mapping) : JsonPointer.empty();
      if (pointer.matches()) {
        throw new ConfigFileException(overlaySource + " (over " + baseSource + ")", 0, field, problem(e));
      }
      Document owner = overlay.root().has(pointer.getMatchingProperty()) ? overlay : base;
      throw new ConfigFileException(owner.source(), owner.lineOf(pointer), field, problem(e));
    }
  }

  /**
   * {@code yaml} parsed once, its parts to be read each as strictly as {@link #read}: for a file whose top-level
   * keys say which type a block is (an experiment file's {@code kind}). A syntax error fails here.
   */
  public static Parsed parse(String yaml, String source) {
    return new Parsed(Document.parse(yaml, source));
  }

  /** A file parsed once: an error in any part read from it names the line in the whole file and the field. */
  public static final class Parsed {

    private final Document document;

    private Parsed(Document document) {
      this.document = document;
    }

    /** The value under the top-level key {@code key} as {@code type}; errors name its fields {@code key.field}. */
    public <T> T readBlock(String key, Class<T> type) {
      JsonPointer at = JsonPointer.empty().appendProperty(key);
      JsonNode block = document.root().get(key);
      if (block == null || block.isNull()) {
        throw new ConfigFileException(document.source(), document.lineOf(at), key, "is missing; it is required");
      }
      return readNode(document, at, block, type);
    }

    /** The whole file but its top-level key {@code key}, as {@code type}. */
    public <T> T readWithout(String key, Class<T> type) {
      ObjectNode rest = document.root().deepCopy();
      rest.remove(key);
      return readNode(document, JsonPointer.empty(), rest, type);
    }
  }

  private static <T> T readNode(Document document, JsonPointer base, JsonNode node, Class<T> type) {
    try {
      return MAPPER.treeToValue(node, type);
    } catch (JsonProcessingException e) {
      JsonPointer at = e instanceof JsonMappingException mapping ? base.append(pointer(mapping)) : base;
      String field = e instanceof JsonMappingException mapping ? path(mapping) : "";
      String prefix = base.matches() ? "" : base.getMatchingProperty();
      field = prefix.isEmpty() ? field : field.isEmpty() ? prefix : prefix + "." + field;
      if (isMissing(e) && e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
        JsonPointer parent = at.head();
        String unknown = document.unknownKeys(parent, mapping.getPath().getLast().getFrom());
        throw new ConfigFileException(document.source(), document.lineOf(parent), field, problem(e) + unknown);
      }
      throw new ConfigFileException(document.source(), document.lineOf(at), field, problem(e));
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

  /** Where the exception's path points, as a JSON pointer into the document. */
  private static JsonPointer pointer(JsonMappingException e) {
    JsonPointer pointer = JsonPointer.empty();
    for (JsonMappingException.Reference ref : e.getPath()) {
      pointer = ref.getFieldName() != null ? pointer.appendProperty(ref.getFieldName()) : pointer.appendIndex(ref.getIndex());
    }
    return pointer;
  }

  /**
   * One YAML file as a tree, with the line each node starts on: a tree keeps no locations, and
   * an error found once trees are merged must still point into the file a person edits.
   */
  private record Document(String source, ObjectNode root, Map<JsonPointer, Integer> lines) {

    static Document parse(String yaml, String source) {
      Map<JsonPointer, Integer> lines = new HashMap<>();
      JsonNode root;
      try (JsonParser parser = new LineRecorder(MAPPER.createParser(yaml), lines)) {
        root = MAPPER.readTree(parser);
      } catch (JsonProcessingException e) {
        throw translate(yaml, source, e);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read YAML from a string", e);
      }
      if (root == null || root.isMissingNode() || root.isNull()) {
        throw new ConfigFileException(source, "the file is empty");
      }
      if (!(root instanceof ObjectNode mapping)) {
        throw new ConfigFileException(source, 1, "", "expected a mapping of keys at the top, got " + root.getNodeType());
      }
      return new Document(source, mapping, lines);
    }

    /**
     * The keys of the mapping at {@code at} that {@code record} has no component for, with their
     * lines, as a sentence to append ("" if none, or if {@code record} is not a record class).
     */
    String unknownKeys(JsonPointer at, Object record) {
      if (!(record instanceof Class<?> type) || !type.isRecord() || !(root.at(at) instanceof ObjectNode mapping)) {
        return "";
      }
      Set<String> known = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName)
          .collect(Collectors.toSet());
      List<String> unknown = mapping.propertyStream().map(Map.Entry::getKey).filter(key -> !known.contains(key))
          .map(key -> "'" + key + "' (line " + lineOf(at.appendProperty(key)) + ")").toList();
      return unknown.isEmpty() ? "" : "; the mapping has unknown key(s) " + String.join(", ", unknown);
    }

    /** The line of the node at {@code pointer}, else of its nearest ancestor in the file (0 if none). */
    int lineOf(JsonPointer pointer) {
      for (JsonPointer at = pointer; at != null && !at.matches(); at = at.head()) {
        Integer line = lines.get(at);
        if (line != null) {
          return line;
        }
      }
      return 0;
    }
  }

  /**
   * The parser the tree is read through, noting the line each token starts on under its path: the tree and the
   * lines it keeps no record of come from one pass over the file.
   */
  private static final class LineRecorder extends JsonParserDelegate {

    private final Map<JsonPointer, Integer> lines;

    LineRecorder(JsonParser parser, Map<JsonPointer, Integer> lines) {
      super(parser);
      this.lines = lines;
    }

    @Override
    public JsonToken nextToken() throws IOException {
      JsonToken token = super.nextToken();
      JsonPointer at = getParsingContext().pathAsPointer();
      if (token != null && !at.matches()) {
        lines.putIfAbsent(at, currentTokenLocation().getLineNr());
      }
      return token;
    }
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
    if (isMissing(e)) {
      return "is missing; it is required";
    }
    if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
      return "expected " + describe(mismatched.getTargetType()) + gotText(e);
    }
    return firstLine(e);
  }

  private static boolean isMissing(JsonProcessingException e) {
    return e.getOriginalMessage().startsWith("Missing creator property")
        || e.getOriginalMessage().startsWith("Missing required creator property");
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
    if (type.isEnum()) {
      // The names the file uses: an enum's own, or its constants' @JsonProperty names.
      return "one of " + java.util.Arrays.stream(type.getEnumConstants())
          .map(constant -> MAPPER.convertValue(constant, String.class)).toList();
    }
    return "a " + type.getSimpleName();
  }

  private static String firstLine(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
