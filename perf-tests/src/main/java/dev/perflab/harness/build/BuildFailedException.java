package dev.perflab.harness.build;

import java.nio.file.Path;
import java.util.List;

/**
 * A Maven build that exited with an error or ran out of time. Besides the full message (command,
 * exit code, log tail) it keeps its parts, so callers can word their own: {@link #reason()} is
 * the one line of the log that says what went wrong.
 */
final class BuildFailedException extends Exception {

  private final Path log;
  private final String reason;
  private final List<String> logTail;

  BuildFailedException(String message, Path log, String reason, List<String> logTail) {
    super(message);
    this.log = log;
    this.reason = reason;
    this.logTail = List.copyOf(logTail);
  }

  /** The build's whole output. */
  Path log() {
    return log;
  }

  /** What went wrong, in one line (see {@link MavenLog#reason}). */
  String reason() {
    return reason;
  }

  /** The last lines of the log. */
  List<String> logTail() {
    return logTail;
  }
}
