package dev.perflab.harness.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.environment.EnvironmentFingerprint;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.LaunchedImage;
import dev.perflab.harness.result.LaunchSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An earlier perf run's results.json as the baseline of a comparison, for when its images are gone:
 * its measured launches per cell. Weaker than an interleaved A/B (the machine may have drifted
 * between the runs), and only meaningful on the same kind of machine: hence the fingerprint.
 *
 * @param recordedAt when the earlier run was recorded, as it says
 * @param gitCommit the commit it measured
 */
public record BaselineResults(
    Path file, String recordedAt, String gitCommit, EnvironmentFingerprint fingerprint, Map<String, RecordedCell> cells) {

  /**
   * One cell's image, the image ID its measured launches ran, and their samples per {@link Metric#key()}.
   *
   * @param imageId from the launches (results.json since schema 6 records each launch's); from the
   *     cell's image record in earlier files
   */
  public record RecordedCell(String cellId, String image, String imageId, int launches,
      Map<String, List<Double>> samples) {

    SideSamples asSideSamples() {
      return SideSamples.of(samples);
    }

    LaunchedImage launched() {
      return new LaunchedImage(image, imageId, launches, true);
    }
  }

  public static BaselineResults read(Path file) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new ConfigFileException(file.toString(), "cannot be read as results.json: " + e.getMessage());
    }
    String schema = root.path("schema").asText("");
    if (!schema.startsWith("perflab-results/")) {
      throw new ConfigFileException(file.toString(), "field 'schema' is '" + schema
          + "', not perflab-results/N: not a perflab results.json");
    }
    JsonNode environment = root.path("environment");
    Map<String, RecordedCell> cells = new LinkedHashMap<>();
    for (JsonNode cell : root.path("cells")) {
      String cellId = cell.path("cellId").asText();
      Map<String, List<Double>> samples = new LinkedHashMap<>();
      List<JsonNode> measured = cell.path("launches").valueStream()
          .filter(launch -> !launch.path("discarded").asBoolean()).toList();
      if (measured.isEmpty()) {
        continue;
      }
      for (Metric metric : LaunchSample.METRICS) {
        if (metric.compared()) {
          // A launch without the figure (an engine that could not read it) adds no sample, not a zero.
          List<Double> values = measured.stream().map(launch -> launch.path(metric.key()))
              .filter(JsonNode::isNumber).map(JsonNode::asDouble).toList();
          if (!values.isEmpty()) {
            samples.put(metric.key(), values);
          }
        }
      }
      JsonNode image = cell.path("image");
      if (image.has("sizeBytes")) {
        samples.put(Metric.IMAGE_SIZE_BYTES.key(), List.of(image.path("sizeBytes").asDouble()));
      }
      List<String> launchedIds = measured.stream().map(launch -> launch.path("imageId").asText(""))
          .filter(id -> !id.isEmpty()).distinct().toList();
      if (launchedIds.size() > 1) {
        throw new ConfigFileException(file.toString(), "cell " + cellId + ": its measured launches ran "
            + launchedIds.size() + " different images " + launchedIds + "; a baseline side is one image");
      }
      String imageId = launchedIds.isEmpty() ? image.path("id").asText(null) : launchedIds.getFirst();
      cells.put(cellId, new RecordedCell(cellId, image.path("image").asText("?"), imageId, measured.size(), samples));
    }
    return new BaselineResults(file, environment.path("recordedAt").asText("?"),
        environment.path("gitCommit").asText("?"), EnvironmentFingerprint.read(environment.get("fingerprint")),
        cells);
  }
}
