package dev.perflab.harness.experiment.sweep;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A kind's rows beside its report as a CSV (a header, then one row per record, its columns in the
 * record's order, as Jackson's CSV would not keep them; empty where a value is null) and as JSON (the
 * same rows).
 */
public final class RecordDataset {

  private static final CsvMapper CSV_MAPPER = CsvMapper.builder().disable(SerializationFeature.INDENT_OUTPUT).build();

  private RecordDataset() {}

  public static <R extends Record> void write(Path dir, String csv, String json, Class<R> type, List<R> rows)
      throws IOException {
    writeCsv(dir, csv, type, rows);
    Files.writeString(dir.resolve(json), Json.MAPPER.writeValueAsString(rows) + "\n");
  }

  /** The rows as the CSV alone, for a kind that writes one JSON of several tables. */
  public static <R extends Record> void writeCsv(Path dir, String csv, Class<R> type, List<R> rows)
      throws IOException {
    CsvSchema schema = CsvSchema.builder()
        .addColumns(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList(),
            CsvSchema.ColumnType.NUMBER_OR_STRING)
        .setUseHeader(true)
        .build();
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(csv), CSV_MAPPER.writer(schema).writeValueAsString(rows));
  }
}
