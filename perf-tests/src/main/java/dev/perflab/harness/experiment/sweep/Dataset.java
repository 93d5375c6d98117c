package dev.perflab.harness.experiment.sweep;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A kind's data as the sweep keeps it: the record a finished point's file reads back into, that record with
 * nothing measured, and how the data so far is written beside the report (after every point).
 *
 * @param <D> what a point measured, and every point so far
 */
public record Dataset<D extends SweepData<D>>(Class<D> type, D empty, Writer<D> writer) {

  public void write(Path reportDir, D data) throws IOException {
    writer.write(reportDir, data);
  }

  /** Writes the dataset files of {@code data} into the report folder. */
  @FunctionalInterface
  public interface Writer<D> {
    void write(Path reportDir, D data) throws IOException;
  }
}
