package dev.perflab.harness.experiment.coldstart;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.experiment.ColdStartData;
import dev.perflab.harness.result.experiment.ColdStartLaunch;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A cold-start experiment's dataset beside its report: {@code launches.csv} (a header, then one row per
 * launch, every raw figure; empty where a launch has none) and {@code launches.json} (the same rows).
 * Written after every launch, so a killed run's dataset holds what it finished.
 */
final class ColdStartDataset {

  static final String CSV = "launches.csv";
  static final String JSON = "launches.json";

  private static final CsvMapper CSV_MAPPER = CsvMapper.builder().disable(SerializationFeature.INDENT_OUTPUT).build();
  /** The columns in the record's order (Jackson's CSV would sort them). */
  private static final CsvSchema SCHEMA = CsvSchema.builder()
      .addColumns(Arrays.stream(ColdStartLaunch.class.getRecordComponents()).map(RecordComponent::getName).toList(),
          CsvSchema.ColumnType.NUMBER_OR_STRING)
      .setUseHeader(true)
      .build();

  private ColdStartDataset() {}

  static void write(Path dir, ColdStartData data) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(CSV), CSV_MAPPER.writer(SCHEMA).writeValueAsString(data.launches()));
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(data.launches()) + "\n");
  }
}
