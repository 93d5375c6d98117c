package dev.perflab.harness.run;

import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import java.nio.file.Path;

/**
 * What every part of one run shares: the settings, the catalog, the budgets (null when no part
 * asserts them), the environment recorded at the start, and the local engine's images.
 */
public record RunContext(HarnessConfig config, Catalog catalog, Budgets budgets, EnvironmentRecord environment,
    Images images) {

  public Path reportDir() {
    return config.reportDir();
  }

  /**
   * A lab for this part: its own network, stub and database. Parts do not share one: each may run
   * alone, and a part that forks JVMs which open labs (JMH) must find none open, since a lab sweeps
   * the harness's containers when it opens.
   */
  public Lab openLab() {
    return Lab.open(catalog, config);
  }
}
