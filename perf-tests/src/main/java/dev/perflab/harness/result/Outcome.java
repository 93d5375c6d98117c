package dev.perflab.harness.result;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Arrays;
import java.util.List;

/**
 * How a unit of work ended, the same in every part (a cell's launches, a load run, a Gatling run, a
 * build, a comparison's sides): {@link Measured}; {@link Failed}, with what a reader needs to act;
 * or {@link Unavailable} on this machine (a mode whose build tool is missing), neither passed nor
 * failed. In results.json as {@code {"status": "measured" | "failed" | "unavailable", ...}}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "status")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Outcome.Measured.class, name = "measured"),
    @JsonSubTypes.Type(value = Outcome.Failed.class, name = "failed"),
    @JsonSubTypes.Type(value = Outcome.Unavailable.class, name = "unavailable")})
public sealed interface Outcome {

  /** How many lines of a container's or a build's log a failure keeps. */
  int LOG_TAIL_LINES = 40;

  Outcome MEASURED = new Measured();

  /** It ran and everything it was asked to measure was measured. */
  record Measured() implements Outcome {}

  /**
   * It did not run to the end.
   *
   * @param subject what failed and where, e.g. "quarkus/jvm/1cpu-512m failed in launch 2"
   * @param reason the one line a reader needs first
   * @param exitCode the container's or process's exit code, or null when it never got that far
   * @param oomKilled whether the kernel's OOM killer ended it (null when unknown)
   * @param logTail the last lines of its log, oldest first
   */
  record Failed(String subject, String reason, Long exitCode, Boolean oomKilled, List<String> logTail)
      implements Outcome {

    public Failed {
      logTail = logTail == null ? List.of() : List.copyOf(logTail);
    }

    /** A failure with nothing more to say than its reason. */
    public static Failed of(String subject, String reason) {
      return new Failed(subject, reason, null, null, List.of());
    }

    /** The last {@value #LOG_TAIL_LINES} lines of a whole log. */
    public static List<String> tail(String log) {
      List<String> lines = Arrays.asList(log.split("\n"));
      return List.copyOf(lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    }

    public boolean killedForMemory() {
      return Boolean.TRUE.equals(oomKilled);
    }

    /** "quarkus/jvm/1cpu-512m failed in launch 2: start: ...": what failed and why, in one line. */
    public String headline() {
      return subject + ": " + reason;
    }

    /** A multi-line account for test output, summary.md and the page: subject, reason, exit, log. */
    public String describe() {
      StringBuilder text = new StringBuilder(headline());
      if (exitCode != null) {
        text.append("\n  exit code ").append(exitCode);
      }
      if (killedForMemory()) {
        text.append("\n  killed by the kernel OOM killer (memory limit reached)");
      }
      if (!logTail.isEmpty()) {
        text.append("\n  last ").append(logTail.size()).append(" log lines:");
        logTail.forEach(line -> text.append("\n    | ").append(line));
      }
      return text.toString();
    }
  }

  /** It cannot run on this machine (e.g. its mode needs native-image): neither passed nor failed. */
  record Unavailable(String reason) implements Outcome {}

  static Outcome unavailable(String reason) {
    return new Unavailable(reason);
  }

  default boolean measured() {
    return this instanceof Measured;
  }

  default boolean failed() {
    return this instanceof Failed;
  }

  default boolean unavailable() {
    return this instanceof Unavailable;
  }

  /** "unavailable: native-image not found", the failure's reason, or "measured". */
  default String summary() {
    return switch (this) {
      case Measured measured -> "measured";
      case Failed failed -> failed.reason();
      case Unavailable unavailable -> "unavailable: " + unavailable.reason();
    };
  }
}
