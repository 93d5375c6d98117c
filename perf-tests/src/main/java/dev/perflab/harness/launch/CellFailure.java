package dev.perflab.harness.launch;

import java.util.Arrays;
import java.util.List;

/**
 * Why a cell could not be measured, with what a reader needs to act: the container's exit
 * code and OOM flag (null when it never got that far) and the last lines of its log.
 */
public record CellFailure(
    String cellId, int repetition, String reason, Long exitCode, Boolean oomKilled, List<String> logTail) {

  public static final int LOG_TAIL_LINES = 40;

  /** The cell could not even be launched (e.g. its image is missing). */
  public static CellFailure beforeLaunch(String cellId, String reason) {
    return new CellFailure(cellId, 0, reason, null, null, List.of());
  }

  static CellFailure of(String cellId, int repetition, String reason, CellContainer container) {
    CellContainer.FailedState state = container.failedState();
    if (state == null) {
      return new CellFailure(cellId, repetition, reason, null, null, List.of());
    }
    return new CellFailure(cellId, repetition, reason, state.exitCode(), state.oomKilled(), tail(state.log()));
  }

  private static List<String> tail(String log) {
    List<String> lines = Arrays.asList(log.split("\n"));
    return List.copyOf(lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
  }

  /** A multi-line account for test output and summary.md. */
  public String describe() {
    StringBuilder text = new StringBuilder(cellId + " failed in launch " + repetition + ": " + reason);
    if (exitCode != null) {
      text.append("\n  exit code ").append(exitCode);
    }
    if (Boolean.TRUE.equals(oomKilled)) {
      text.append("\n  killed by the kernel OOM killer (memory limit reached)");
    }
    if (!logTail.isEmpty()) {
      text.append("\n  last ").append(logTail.size()).append(" log lines:");
      logTail.forEach(line -> text.append("\n    | ").append(line));
    }
    return text.toString();
  }
}
