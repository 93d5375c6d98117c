package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import java.net.URI;

/** A cell kept running for traffic; closing it removes the container. */
public record RunningCell(Cell cell, CellContainer container, URI baseUri) implements AutoCloseable {

  @Override
  public void close() {
    container.stop();
  }
}
