package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.perflab.harness.load.LoadModel;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The grid's dataset beside its report: {@code dataset.csv} (a header, then one row per point x
 * repetition x step, every raw measure; empty where a point has none), {@code dataset.json} (the
 * same rows), and the same pair for the steps' seconds ({@code seconds.csv}, {@code seconds.json}).
 * Written after every point, so a killed run's dataset holds what it finished. An open grid's files have
 * no {@code concurrency} column (its columns are those of the grids before closed staircases); a
 * closed grid's have it, its {@code offeredRatePerSecond} empty.
 */
public final class GridDataset {

  public static final String CSV = "dataset.csv";
  public static final String JSON = "dataset.json";
  public static final String SECONDS_CSV = "seconds.csv";
  public static final String SECONDS_JSON = "seconds.json";

  private static final CsvMapper CSV_MAPPER = CsvMapper.builder().disable(SerializationFeature.INDENT_OUTPUT).build();
  /** The column only a closed grid's rows and seconds have. */
  private static final String CONCURRENCY = "concurrency";

  private GridDataset() {}

  public static void write(Path dir, GridData data, LoadModel load) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(CSV), CSV_MAPPER.writer(schema(GridRow.class, load)).writeValueAsString(data.rows()));
    Files.writeString(dir.resolve(JSON), Json.MAPPER.writeValueAsString(data.rows()) + "\n");
    Files.writeString(dir.resolve(SECONDS_CSV),
        CSV_MAPPER.writer(schema(GridSecond.class, load)).writeValueAsString(data.seconds()));
    Files.writeString(dir.resolve(SECONDS_JSON), Json.MAPPER.writeValueAsString(data.seconds()) + "\n");
  }

  /**
   * The columns in the record's order, as its components declare them (Jackson's CSV would sort them),
   * without {@code concurrency} for an open grid.
   */
  private static CsvSchema schema(Class<? extends Record> type, LoadModel load) {
    return CsvSchema.builder()
        .addColumns(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName)
            .filter(name -> load.closed() || !name.equals(CONCURRENCY)).toList(), CsvSchema.ColumnType.NUMBER_OR_STRING)
        .setUseHeader(true)
        .build();
  }
}
