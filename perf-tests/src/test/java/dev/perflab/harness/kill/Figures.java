package dev.perflab.harness.kill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * An experiment run's figures as a kill trial compares them with an uninterrupted run's. A kill can spoil two things:
 * the points the next run keeps from the killed one, and what the next run measures beside the killed one's leftovers.
 * Each point taken from the killed run is compared with the uninterrupted run's same point: the median, over its time
 * fields ({@code ...Millis}), of each field's ratio either way, against the same median of the points both runs
 * measured afresh (this scale's run-to-run noise), at least half again; one field alone is noise at a smoke's length
 * (two clean runs' p95 at one step differed 2.3 times here, a station's 0.1 ms demand 3 times). The machine reference's
 * mean is compared within three of the larger of the two runs' coefficients of variation, at least a quarter: clean
 * runs' references differ by up to 18 % here (1113 and 1365 ms), as much as the run measured beside a killed
 * run's pods, so what guards the reference is the sweep before it, which the trial checks; this bound catches only a
 * run measured beside something heavier.
 *
 * @param referenceMillis the machine reference's mean wall time; null without one
 * @param referenceCv its coefficient of variation over its runs
 * @param points each point file's time fields, by file name, then by the field's path in the file
 */
record Figures(Double referenceMillis, double referenceCv, Map<String, Map<String, Double>> points) {

  /** The least median ratio either way a taken point is allowed, however alike the fresh points came out. */
  static final double LEAST_FACTOR = 1.5;
  /** The least shift of the machine reference's mean allowed, however steady both runs' came out. */
  static final double LEAST_REFERENCE_SHIFT = 0.25;

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
      double allowed = Math.max(LEAST_REFERENCE_SHIFT, 3 * Math.max(referenceCv, uninterrupted.referenceCv));
      String line = String.format(Locale.ROOT, "machine reference %.0f ms after the kill, %.0f ms uninterrupted"
          + " (%.2fx, allowed ±%.0f %%)", referenceMillis, uninterrupted.referenceMillis, ratio, 100 * allowed);
      (Math.abs(ratio - 1) > allowed ? differences : account).add(line);
    }
    // The noise: the widest median ratio among points both runs measured afresh.
    double noise = 1;
    for (Map.Entry<String, Map<String, Double>> point : points.entrySet()) {
      Map<String, Double> clean = uninterrupted.points.get(point.getKey());
      if (!taken.contains(point.getKey()) && clean != null) {
        noise = Math.max(noise, median(ratios(point.getValue(), clean)));
      }
    }
    double allowed = Math.max(LEAST_FACTOR, noise);
    int compared = 0;
    double widest = 1;
    for (String file : taken) {
      Map<String, Double> fields = points.get(file);
      Map<String, Double> clean = uninterrupted.points.get(file);
      Map<String, Double> ratios = fields == null || clean == null ? Map.of() : ratios(fields, clean);
      if (ratios.isEmpty()) {
        continue;
      }
      compared++;
      double ratio = median(ratios);
      widest = Math.max(widest, ratio);
      if (ratio > allowed) {
        String furthest = Collections.max(ratios.entrySet(), Map.Entry.comparingByValue()).getKey();
        differences.add(String.format(Locale.ROOT, "%s: its time fields %.2fx either way of the uninterrupted run's"
            + " at the median (the fresh points' up to %.2fx; the furthest field %s %.1f after the kill, %.1f"
            + " uninterrupted)", file, ratio, noise, furthest, fields.get(furthest), clean.get(furthest)));
      }
    }
    account.add(compared == 0 ? "no point taken from the killed run"
        : String.format(Locale.ROOT, "%d point(s) taken from the killed run, their time fields up to %.2fx either way"
            + " of the uninterrupted run's at the median (the fresh points' up to %.2fx)", compared, widest, noise));
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

  /** The median of the ratios; 1 with none. */
  private static double median(Map<String, Double> ratios) {
    return ratios.isEmpty() ? 1 : new Median().evaluate(ratios.values().stream().mapToDouble(Double::doubleValue)
        .toArray());
  }
}
