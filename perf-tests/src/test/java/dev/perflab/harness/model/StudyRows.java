package dev.perflab.harness.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The rows of one of the study's result files (src/test/resources/model/pinciroli-2023/README.md). */
record StudyRows(String file, List<Row> rows) {

  static final Path FOLDER = Path.of("src/test/resources/model/pinciroli-2023");

  /** One simulated model: its parameters and results by column name. */
  record Row(Map<String, Double> values) {

    double get(String column) {
      Double value = values.get(column);
      if (value == null) {
        throw new IllegalArgumentException("no column " + column + " in " + values.keySet());
      }
      return value;
    }

    int count(String column) {
      return (int) Math.round(get(column));
    }

    /** A rate per millisecond as a time in seconds. */
    double seconds(String rateColumn) {
      return 1e-3 / get(rateColumn);
    }

    /** The study's mean of a measure with its interval's half-width. */
    Estimate estimate(String measure) {
      return new Estimate(get(measure), (get(measure + "_up") - get(measure + "_low")) / 2);
    }

    @Override
    public String toString() {
      return "N_A=" + count("N_A") + ", N_B=" + count("N_B");
    }
  }

  record Estimate(double mean, double halfWidth) {}

  static StudyRows read(String file) {
    try {
      List<String> lines = Files.readAllLines(FOLDER.resolve(file));
      String[] header = lines.getFirst().split(",");
      List<Row> rows = lines.stream().skip(1).filter(line -> !line.isBlank()).map(line -> {
        double[] numbers = Arrays.stream(line.split(",")).mapToDouble(Double::parseDouble).toArray();
        Map<String, Double> values = new LinkedHashMap<>();
        for (int i = 0; i < header.length; i++) {
          values.put(header[i], numbers[i]);
        }
        return new Row(values);
      }).toList();
      return new StudyRows(file, rows);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
