package dev.perflab.harness.kill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * An experiment run's figures as a kill trial compares them with an uninterrupted run's. A kill can spoil two things:
 * the points the next run keeps from the killed one, and what the next run measures beside the killed one's leftovers.
 * So the points taken from the killed run are compared, point file by point file, with the uninterrupted run's same
 * points, each time field ({@code ...Millis}) allowed the widest ratio that field shows between the points both runs
 * measured afresh, which is this scale's run-to-run noise (two clean smoke runs differ up to 1.9 times here, at a p50
 * of 2-4 ms), and at least half again; and the machine reference's mean within three of the uninterrupted run's
 * coefficients of variation, at least a tenth: clean runs' references differ by up to 14 % here at CVs of 8-15 %, and
 * by 10 % on a quieter day at a few per cent, when one measured beside a killed run's pods came out 18 % slower.
 *
 * @param referenceMillis the machine reference's mean wall time; null without one
 * @param referenceCv its coefficient of variation over its runs
 * @param points each point file's time fields, by file name, then by the field's path in the file
 */
record Figures(Double referenceMillis, double referenceCv, Map<String, Map<String, Double>> points) {

  /** The least ratio either way a point's time field is allowed, however alike the fresh points came out. */
  static final double LEAST_FACTOR = 1.5;
  /** The least shift of the machine reference's mean allowed, however steady the uninterrupted run's came out. */
  static final double LEAST_REFERENCE_SHIFT = 0.10;

  /**
   * A comparison's outcome.
   *
   * @param differences what lies beyond the noise, each a line; empty when nothing does
   * @param account what was compared, and how close, for the trial's row
   */
  record Comparison(List<String> differences, String account) {}

  static Figures of(Path reportDir) throws IOException {
    JsonNode experiment = Json.MAPPER.readTree(reportDir.resolve("experiment.json").toFile());
    JsonNode reference = experiment.path("environment").path("machineReference").path(0).path("wallMillis");
    Double mean = null;
    double cv = 0;
    if (reference.isArray() && !reference.isEmpty()) {
      double sum = 0;
      double squares = 0;
      for (JsonNode run : reference) {
        sum += run.asDouble();
        squares += run.asDouble() * run.asDouble();
      }
      mean = sum / reference.size();
      cv = Math.sqrt(Math.max(0, squares / reference.size() - mean * mean)) / mean;
    }
    Map<String, Map<String, Double>> points = new TreeMap<>();
    Path folder = reportDir.resolve("points");
    if (Files.isDirectory(folder)) {
      try (Stream<Path> files = Files.list(folder)) {
        for (Path file : files.filter(file -> file.toString().endsWith(".json")).toList()) {
          Map<String, Double> fields = new LinkedHashMap<>();
          timeFields("", Json.MAPPER.readTree(file.toFile()), fields);
          points.put(file.getFileName().toString(), fields);
        }
      }
    }
    return new Figures(mean, cv, points);
  }

  private static void timeFields(String path, JsonNode node, Map<String, Double> fields) {
    if (node.isObject()) {
      node.properties().forEach(field -> timeFields(path.isEmpty() ? field.getKey() : path + "." + field.getKey(),
          field.getValue(), fields));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        timeFields(path + "[" + i + "]", node.get(i), fields);
      }
    } else if (node.isNumber() && path.endsWith("Millis") && node.asDouble() > 0) {
      fields.put(path, node.asDouble());
    }
  }

  /**
   * These (the resumed run's) figures against an uninterrupted run's.
   *
   * @param taken the point files the resumed run took from the killed run
   */
  Comparison against(Figures uninterrupted, Set<String> taken) {
    List<String> differences = new ArrayList<>();
    List<String> account = new ArrayList<>();
    if (referenceMillis != null && uninterrupted.referenceMillis != null) {
      double ratio = referenceMillis / uninterrupted.referenceMillis;
      double allowed = Math.max(LEAST_REFERENCE_SHIFT, 3 * uninterrupted.referenceCv);
      String line = String.format(Locale.ROOT, "machine reference %.0f ms after the kill, %.0f ms uninterrupted"
          + " (%.2fx, allowed ±%.0f %%)", referenceMillis, uninterrupted.referenceMillis, ratio, 100 * allowed);
      (Math.abs(ratio - 1) > allowed ? differences : account).add(line);
    }
    // The noise: the widest ratio of each field's leaf name among points both runs measured afresh.
    Map<String, Double> noise = new TreeMap<>();
    points.forEach((file, fields) -> {
      if (!taken.contains(file) && uninterrupted.points.containsKey(file)) {
        ratios(fields, uninterrupted.points.get(file)).forEach((path, ratio) ->
            noise.merge(leaf(path), ratio, Math::max));
      }
    });
    int compared = 0;
    double widest = 1;
    for (String file : taken) {
      Map<String, Double> fields = points.get(file);
      Map<String, Double> clean = uninterrupted.points.get(file);
      if (fields == null || clean == null) {
        continue;
      }
      compared++;
      for (Map.Entry<String, Double> ratio : ratios(fields, clean).entrySet()) {
        double allowed = Math.max(LEAST_FACTOR, noise.getOrDefault(leaf(ratio.getKey()), 0.0));
        widest = Math.max(widest, ratio.getValue());
        if (ratio.getValue() > allowed) {
          differences.add(String.format(Locale.ROOT, "%s %s %.1f after the kill, %.1f uninterrupted (%.2fx either"
              + " way, the fresh points' noise %.2fx)", file, ratio.getKey(), fields.get(ratio.getKey()),
              clean.get(ratio.getKey()), ratio.getValue(), noise.getOrDefault(leaf(ratio.getKey()), 1.0)));
        }
      }
    }
    account.add(compared == 0 ? "no point taken from the killed run"
        : String.format(Locale.ROOT, "%d point(s) taken from the killed run, their time fields within %.2fx either way"
            + " of the uninterrupted run's (the fresh points' noise up to %.2fx)", compared, widest,
            noise.values().stream().mapToDouble(Double::doubleValue).max().orElse(1)));
    return new Comparison(differences, String.join("; ", account));
  }

  /** Each shared field's ratio either way (at least 1). */
  private static Map<String, Double> ratios(Map<String, Double> fields, Map<String, Double> other) {
    Map<String, Double> ratios = new TreeMap<>();
    fields.forEach((path, value) -> {
      Double clean = other.get(path);
      if (clean != null) {
        ratios.put(path, Math.max(value / clean, clean / value));
      }
    });
    return ratios;
  }

  private static String leaf(String path) {
    return path.substring(path.lastIndexOf('.') + 1);
  }
}
