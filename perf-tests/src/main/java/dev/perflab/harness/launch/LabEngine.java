package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;

/**
 * An engine other than the local Docker engine that a lab can run on: found by {@link java.util.ServiceLoader}
 * (one class plus one line in {@code META-INF/services/dev.perflab.harness.launch.LabEngine}), so the lab does not
 * depend on any engine's client library.
 */
public interface LabEngine {

  /** The engine it is, as {@code perflab.engine} names it. */
  EngineSettings.Engine engine();

  /** A lab on this engine, its leftovers of earlier, killed runs swept first. */
  Lab open(Catalog catalog, HarnessConfig config, EngineSettings settings);

  /**
   * Removes what earlier runs that no longer run left on this engine, before the run measures anything (the machine
   * reference included); what it removed, and what live runs own.
   */
  LeftoverSweeper.Swept sweepLeftovers(EngineSettings settings);
}
