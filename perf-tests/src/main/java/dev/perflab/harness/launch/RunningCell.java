package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import java.net.URI;

/** A cell kept running for traffic; closing it removes the container, then its database. */
public record RunningCell(Cell cell, CellContainer container, URI baseUri, AppDatabase database)
    implements AutoCloseable {

  @Override
  public void close() {
    container.stop();
    database.close();
  }
}
