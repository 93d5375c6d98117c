package dev.perflab.harness.report;

import dev.perflab.harness.result.BuildCost;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Locale;

/** The summary's build-cost section: a row per app and mode. */
public final class BuildCostTable {

  private static final double MB = 1_000_000;

  private BuildCostTable() {}

  public static void append(StringBuilder md, List<BuildCost> costs) {
    md.append("## Build cost\n\n`./mvnw package` of one app in one mode alone, offline, tests skipped, image"
        + " layers rebuilt (AOT: training included; its CPU is added from the image's training record)."
        + " Median (min–max) over the builds; reported, not budgeted.\n\n");
    md.append("| app | mode | builds | wall s (min–max) | CPU s (min–max) | artifact MB | image MB |\n"
        + "|---|---|---:|---:|---:|---:|---:|\n");
    for (BuildCost cost : costs) {
      if (!cost.measured()) {
        String why = cost.outcome().unavailable() ? cost.outcome().summary() : "**FAILED** (see below)";
        md.append("| ").append(cost.app()).append(" | ").append(cost.mode()).append(" | ").append(why)
            .append(" | | | | |\n");
        continue;
      }
      Distribution wall = cost.wall();
      Distribution cpu = cost.cpu();
      md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f (%.1f–%.1f) | %.1f (%.1f–%.1f) | %.0f | %.0f |%n",
          cost.app(), cost.mode(), cost.wallMillis().size(), wall.median() / 1e3, wall.min() / 1e3, wall.max() / 1e3,
          cpu.median() / 1e3, cpu.min() / 1e3, cpu.max() / 1e3, cost.artifactBytes() / MB, cost.imageBytes() / MB));
    }
  }
}
