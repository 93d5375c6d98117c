package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.experiment.GridRow;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The grid's dataset beside its report: {@code dataset.csv} (a header, then one row per point x
 * repetition x step, every raw measure; empty where a point has none) and {@code dataset.json} (the
 * same rows). Written after every point, so a killed run's dataset holds what it finished.
 */
public final class GridDataset {

  public static final String CSV = "dataset.csv";
  public static final String JSON = "dataset.json";

  private static final CsvMapper CSV_MAPPER = CsvMapper.builder().disable(SerializationFeature.INDENT_OUTPUT).build();
  /** The columns in GridRow's order, as its record components declare them (Jackson's CSV would sort them). */
  private static final CsvSchema SCHEMA = CsvSchema.builder()
      .addColumns(Arrays.stream(GridRow.class.getRecordComponents()).map(RecordComponent::getName).toList(),
          CsvSchema.ColumnType.NUMBER_OR_STRING)
      .setUseHeader(true)
      .build();

  private GridDataset() {}

  public static void write(Path dir, List<GridRow> rows) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(CSV), CSV_MAPPER.writer(SCHEMA).writeValueAsString(rows));
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(rows) + "\n");
  }
}
