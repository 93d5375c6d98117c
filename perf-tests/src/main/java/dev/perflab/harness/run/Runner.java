package dev.perflab.harness.run;

import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.Settings;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.launch.Images;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * A run from its settings: the selected parts ({@link Parts}) one after another, each measuring on
 * its own, then the report. Where the perf run ({@code ./mvnw -Pperf verify}) and every comparison
 * start. The report is rewritten after each part, so a run that is stopped keeps what it measured.
 */
public final class Runner {

  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  private Runner() {}

  public static RunReport run(HarnessConfig config) throws IOException, InterruptedException {
    Catalog catalog = CatalogLoader.load(config.catalogFile());
    List<Part> parts = Parts.selected(config);
    prepareReportDir(config);
    // A malformed budgets file fails now, not after the parts before the one that reads it.
    Budgets budgets = parts.stream().anyMatch(Part::usesBudgets) ? Budgets.load(config.budgetsFile(), catalog) : null;
    Images images = new Images(DockerClientFactory.instance().client());
    EnvironmentRecord environment =
        EnvironmentRecord.capture(DockerClientFactory.instance().client(), catalog, config.projectDir());
    RunContext context = new RunContext(config, catalog, budgets, environment, images);
    String command = Settings.rerun("./mvnw -Pperf verify");

    List<PartResult> results = new ArrayList<>();
    long start = System.nanoTime();
    RunReport report = null;
    for (int i = 0; i < parts.size(); i++) {
      Part part = parts.get(i);
      LOG.info("part {} of {}: {} ({} into the run)", i + 1, parts.size(), part.name(), since(start));
      long partStart = System.nanoTime();
      PartResult result = part.run(context);
      results.add(result);
      report = new RunReport(results.getFirst().document(), environment, command, results);
      ReportFiles.write(report, config.reportDir());
      LOG.info("part {} of {}: {} done in {}", i + 1, parts.size(), part.name(), since(partStart));
    }
    return report;
  }

  /**
   * Refuses a comparison's report directory where it would write over a perf run's report
   * ({@link ComparisonReportDir}), then removes this kind of run's earlier files: an earlier report
   * must not be taken for this one's, should this one stop early.
   */
  static void prepareReportDir(HarnessConfig config) throws IOException {
    List<String> stale = new ArrayList<>(List.of("summary.md", "index.html", Document.COMPARISON_JSON));
    if (config.compare().mode() != null) {
      // Checked first: a refused comparison deletes nothing. It never deletes a results.json, which
      // may be the baseline it reads.
      ComparisonReportDir.check(config);
    } else {
      stale.add(Document.PERF_RUN.jsonFile());
    }
    for (String file : stale) {
      Files.deleteIfExists(config.reportDir().resolve(file));
    }
  }

  private static String since(long startNanos) {
    Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
    return String.format(Locale.ROOT, "%d min %02d s", elapsed.toMinutes(), elapsed.toSecondsPart());
  }
}
