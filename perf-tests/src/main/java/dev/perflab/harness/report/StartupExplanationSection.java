package dev.perflab.harness.report;

import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.StartupExplanation;
import dev.perflab.harness.result.StartupExplanation.Difference;
import dev.perflab.harness.result.StartupExplanation.RecordedSide;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * The summary's "where the start's time and allocation went" section ({@code -Dperflab.compare.explain=jfr}): per
 * cell, the methods and allocation sites whose flight-recorded samples differ most between A and B.
 */
final class StartupExplanationSection {

  /** JFR's "profile" settings sample a running Java thread every 10 ms. */
  private static final int SAMPLE_PERIOD_MILLIS = 10;

  private StartupExplanationSection() {}

  static void render(StringBuilder md, List<CellComparison> cells) {
    List<CellComparison> explained = cells.stream().filter(cell -> cell.explanation() != null).toList();
    if (explained.isEmpty()) {
      return;
    }
    md.append("### Where the start's work went (one flight recording a side)\n\nOne more launch a side under JFR's"
        + " \"profile\" settings, read up to its first OK; never among the measured launches, and slowed by its"
        + " recording. Each sample is counted at its nearest frame outside the JDK, so class loading or reflection"
        + " is charged to the code that asked for it; time the JVM spends in itself (loading and linking classes,"
        + " compiling) is not sampled, the counters above count it. A difference is beyond sampling noise when its"
        + " sample counts differ by more than twice the square root of their sum (two Poisson counts, about 95 %);"
        + " those come first. One launch a side: these point at where to look, the pairs above say how much.\n\n");
    for (CellComparison cell : explained) {
      StartupExplanation explanation = cell.explanation();
      md.append("#### ").append(cell.cellId()).append("\n\n");
      if (explanation.unavailable() != null) {
        md.append("Not available: ").append(explanation.unavailable().lines().findFirst().orElse("")).append("\n\n");
        continue;
      }
      RecordedSide a = explanation.baseline();
      RecordedSide b = explanation.candidate();
      md.append(String.format(Locale.ROOT, "A: first OK after %.0f ms, %d execution samples, %s sampled allocation"
          + " (`%s`). B: %.0f ms, %d samples, %s (`%s`).%n%n", a.timeToFirstOkMillis(), a.executionSamples(),
          megabytes(a.allocationSampledBytes()), a.recording(), b.timeToFirstOkMillis(), b.executionSamples(),
          megabytes(b.allocationSampledBytes()), b.recording()));
      table(md, "hot method", " (samples, " + SAMPLE_PERIOD_MILLIS + " ms of a thread's CPU each)",
          explanation.hotMethods(), Long::toString);
      table(md, "allocation site", " (sampled)", explanation.allocationSites(), StartupExplanationSection::megabytes);
    }
  }

  private static void table(StringBuilder md, String what, String unit, List<Difference> differences,
      LongFunction<String> format) {
    if (differences.isEmpty()) {
      md.append("No ").append(what).append(" differs between the two recordings.\n\n");
      return;
    }
    md.append("| ").append(what).append(" | A").append(unit).append(" | B | B − A | samples, A → B |\n")
        .append("|---|---:|---:|---:|---|\n");
    for (Difference difference : differences) {
      md.append("| `").append(difference.frame()).append("` | ").append(format.apply(difference.baseline()))
          .append(" | ").append(format.apply(difference.candidate())).append(" | ")
          .append(difference.change() > 0 ? "+" : "−").append(format.apply(Math.abs(difference.change())))
          .append(" | ").append(difference.baselineSamples()).append(" → ").append(difference.candidateSamples())
          .append(difference.beyondSamplingNoise() ? ", beyond noise" : ", within noise").append(" |\n");
    }
    md.append("\n");
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
