package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.experiment.GridData;
import dev.perflab.harness.result.experiment.GridRow;
import dev.perflab.harness.result.experiment.GridSecond;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The grid's dataset beside its report: {@code dataset.csv} (a header, then one row per point x
 * repetition x step, every raw measure; empty where a point has none), {@code dataset.json} (the
 * same rows), and the same pair for the steps' seconds ({@code seconds.csv}, {@code seconds.json}).
 * Written after every point, so a killed run's dataset holds what it finished.
 */
public final class GridDataset {

  public static final String CSV = "dataset.csv";
  public static final String JSON = "dataset.json";
  public static final String SECONDS_CSV = "seconds.csv";
  public static final String SECONDS_JSON = "seconds.json";

  private static final CsvMapper CSV_MAPPER = CsvMapper.builder().disable(SerializationFeature.INDENT_OUTPUT).build();
  private static final CsvSchema ROWS = schema(GridRow.class);
  private static final CsvSchema SECONDS = schema(GridSecond.class);

  private GridDataset() {}

  public static void write(Path dir, GridData data) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(CSV), CSV_MAPPER.writer(ROWS).writeValueAsString(data.rows()));
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(data.rows()) + "\n");
    Files.writeString(dir.resolve(SECONDS_CSV), CSV_MAPPER.writer(SECONDS).writeValueAsString(data.seconds()));
    Files.writeString(dir.resolve(SECONDS_JSON), Json.MAPPER.writeValueAsString(data.seconds()) + "\n");
  }

  /** The columns in the record's order, as its components declare them (Jackson's CSV would sort them). */
  private static CsvSchema schema(Class<? extends Record> type) {
    return CsvSchema.builder()
        .addColumns(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList(),
            CsvSchema.ColumnType.NUMBER_OR_STRING)
        .setUseHeader(true)
        .build();
  }
}
