package dev.perflab.harness.run;

import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Keeps a comparison's report beside the perf run it may compare against, never over it. A
 * comparison writes summary.md, index.html and comparison.json, and removes its own earlier ones
 * as it starts: in a directory holding a perf run's report, those would be that run's summary and
 * page, and the results.json left beside them (perhaps the very baseline being read) would describe
 * a report that is no longer there. Unset, {@code perflab.report.dir} sends a comparison to a folder
 * of its own ({@link HarnessConfig#defaultReportDir}); set to such a directory, the comparison is
 * refused before it deletes or measures anything.
 */
final class ComparisonReportDir {

  private static final String SETTING = "perflab.report.dir";

  private ComparisonReportDir() {}

  /** Throws, naming both paths and the setting, if {@code config}'s comparison may not write where it would. */
  static void check(HarnessConfig config) {
    Optional<String> problem = problem(config.reportDir(), config.compare());
    if (problem.isPresent()) {
      throw new IllegalArgumentException(problem.get());
    }
  }

  /** Why a comparison may not write its report into {@code reportDir}, if it may not. */
  static Optional<String> problem(Path reportDir, CompareSettings compare) {
    Path baseline = compare.baselineResults();
    Path perfRunJson = reportDir.resolve(Document.PERF_RUN.jsonFile());
    String whatIsThere;
    if (baseline != null && sameDirectory(reportDir, absolute(baseline).getParent())) {
      // Whatever the baseline file is called: the report beside it is the run it records.
      whatIsThere = "is the directory of the baseline this comparison reads, " + absolute(baseline);
    } else if (Files.exists(perfRunJson)) {
      whatIsThere = "holds a perf run's report, " + absolute(perfRunJson);
    } else {
      return Optional.empty();
    }
    Path fallback = absolute(HarnessConfig.defaultReportDir(compare.mode()));
    String unset = fallback.equals(absolute(reportDir)) ? ""
        : "; unset, a comparison writes into " + fallback + ", beside the perf run's report";
    return Optional.of(SETTING + " (" + Settings.environmentName(SETTING) + ") = " + absolute(reportDir) + " "
        + whatIsThere + ": this comparison's summary.md and index.html would replace that run's. Set " + SETTING
        + " to another directory" + unset + ".");
  }

  private static boolean sameDirectory(Path a, Path b) {
    try {
      if (Files.isDirectory(a) && Files.isDirectory(b)) {
        return Files.isSameFile(a, b);
      }
    } catch (IOException e) {
      // Unreadable: compared by name below.
    }
    return absolute(a).equals(absolute(b));
  }

  private static Path absolute(Path path) {
    return path.toAbsolutePath().normalize();
  }
}
