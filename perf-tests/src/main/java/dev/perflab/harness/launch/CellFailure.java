package dev.perflab.harness.launch;

import com.github.dockerjava.api.command.InspectContainerResponse;
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
    Long exitCode = null;
    Boolean oomKilled = null;
    List<String> logTail = List.of();
    if (container.getContainerId() != null) {
      try {
        InspectContainerResponse.ContainerState state =
            container.getDockerClient().inspectContainerCmd(container.getContainerId()).exec().getState();
        exitCode = Boolean.TRUE.equals(state.getRunning()) ? null : state.getExitCodeLong();
        oomKilled = state.getOOMKilled();
        logTail = tail(container.getLogs());
      } catch (RuntimeException e) {
        logTail = List.of("(could not read the container's state or log: " + e.getMessage() + ")");
      }
    }
    return new CellFailure(cellId, repetition, reason, exitCode, oomKilled, logTail);
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
