package dev.perflab.harness.kill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * An experiment run's figures as a kill trial compares them with an uninterrupted run's: the machine reference's
 * mean, and the median of every time column ({@code ...Millis}) of its first dataset file over its rows. Noise at a
 * smoke scale is wide, so a figure matches when within half again of the other's (and the reference within three of
 * its coefficients of variation, at least a quarter): what a crash or a run measured beside leftovers moves, the
 * issue's 20 % reference shift among them, is caught as a reference outside that.
 */
final class Figures {

  /** Dataset figures match within this factor either way. */
  static final double DATASET_FACTOR = 1.5;

  private Figures() {}

  /** Each figure by name: "machineReferenceMillis", "dataset.csv timeToFirstOkMillis". */
  static Map<String, Double> of(Path reportDir) throws IOException {
    Map<String, Double> figures = new LinkedHashMap<>();
    JsonNode experiment = Json.MAPPER.readTree(reportDir.resolve("experiment.json").toFile());
    JsonNode reference = experiment.path("environment").path("machineReference").path(0).path("wallMillis");
    if (reference.isArray() && !reference.isEmpty()) {
      double sum = 0;
      double squares = 0;
      for (JsonNode run : reference) {
        sum += run.asDouble();
        squares += run.asDouble() * run.asDouble();
      }
      double mean = sum / reference.size();
      figures.put("machineReferenceMillis", mean);
      figures.put("machineReferenceCv", Math.sqrt(Math.max(0, squares / reference.size() - mean * mean)) / mean);
    }
    JsonNode datasets = experiment.path("dataset");
    if (datasets.isArray() && !datasets.isEmpty()) {
      String file = datasets.get(0).asText();
      Path csv = reportDir.resolve(file);
      if (file.endsWith(".csv") && Files.isRegularFile(csv)) {
        figures.putAll(medians(file, Files.readAllLines(csv)));
      }
    }
    return figures;
  }

  private static Map<String, Double> medians(String file, List<String> lines) {
    Map<String, Double> medians = new LinkedHashMap<>();
    if (lines.size() < 2) {
      return medians;
    }
    List<String> header = Arrays.asList(lines.getFirst().split(",", -1));
    for (int column = 0; column < header.size(); column++) {
      if (!header.get(column).endsWith("Millis")) {
        continue;
      }
      List<Double> values = new ArrayList<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] cells = line.split(",", -1);
        if (column < cells.length && !cells[column].isBlank()) {
          try {
            values.add(Double.parseDouble(cells[column]));
          } catch (NumberFormatException notANumber) {
            // A quoted or text cell: not a figure.
          }
        }
      }
      if (!values.isEmpty()) {
        medians.put(file + " " + header.get(column), new Median().evaluate(values.stream()
            .mapToDouble(Double::doubleValue).toArray()));
      }
    }
    return medians;
  }

  /** What differs beyond the noise between the resumed run's figures and the uninterrupted run's, each a line. */
  static List<String> differences(Map<String, Double> resumed, Map<String, Double> uninterrupted) {
    List<String> differences = new ArrayList<>();
    uninterrupted.forEach((name, expected) -> {
      Double actual = resumed.get(name);
      if (actual == null || name.equals("machineReferenceCv") || expected == 0) {
        return;
      }
      double ratio = actual / expected;
      double allowed = name.equals("machineReferenceMillis")
          ? Math.max(0.25, 3 * uninterrupted.getOrDefault("machineReferenceCv", 0.0)) : DATASET_FACTOR - 1;
      boolean outside = name.equals("machineReferenceMillis") ? Math.abs(ratio - 1) > allowed
          : ratio > DATASET_FACTOR || ratio < 1 / DATASET_FACTOR;
      if (outside) {
        differences.add(String.format(Locale.ROOT, "%s %.1f after the kill, %.1f uninterrupted (%.2fx)", name, actual,
            expected, ratio));
      }
    });
    return differences;
  }
}
