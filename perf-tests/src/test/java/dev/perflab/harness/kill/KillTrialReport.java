package dev.perflab.harness.kill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/** The trials' table, a row a trial, appended as each ends (a stopped tier keeps what it ran). */
final class KillTrialReport {

  static final String HEAD = "| trial | killed | after | left by the kill | points after the kill | next run"
      + " | swept | points | left after | figures against an uninterrupted run |\n|---|---|---|---|---|---|---|---|---|---|\n";

  private KillTrialReport() {}

  static void append(Path file, KillTrial.Result result) throws IOException {
    Files.createDirectories(file.getParent());
    if (!Files.exists(file)) {
      Files.writeString(file, HEAD);
    }
    Files.writeString(file, row(result), StandardOpenOption.APPEND);
  }

  static String row(KillTrial.Result result) {
    KillTrial trial = result.trial();
    return "| " + trial.name() + " | " + trial.target().description() + " " + trial.moment().description() + " | "
        + (result.killedAfterSeconds() == null ? "not reached" : String.format(Locale.ROOT, "%.0f s",
            result.killedAfterSeconds())) + " | " + list(result.leftAfterKill()) + " | "
        + list(result.pointsAfterKill()) + " | "
        + (result.resumeExitCode() == 0 ? "passed" : "FAILED (" + result.resumeExitCode() + ")") + " in "
        + result.resumeSeconds() + " s" + (result.problems().isEmpty() ? "" : "; **" + String.join("; ",
            result.problems()) + "**") + " | " + cell(result.sweptLine()) + " | " + cell(result.pointsLine()) + " | "
        + list(result.leftAfterResume()) + " | " + (result.figures() == null ? "not compared"
            : cell(result.figures().differences().isEmpty() ? "within the noise: " + result.figures().account()
                : String.join("; ", result.figures().differences()))) + " |\n";
  }

  private static String list(List<String> items) {
    return items.isEmpty() ? "nothing" : cell(items.size() + ": " + String.join(", ", items));
  }

  private static String cell(String text) {
    return text == null ? "–" : text.replace("|", "\\|").replace("\n", " ");
  }
}
