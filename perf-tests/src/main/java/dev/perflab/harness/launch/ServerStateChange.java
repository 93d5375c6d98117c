package dev.perflab.harness.launch;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A change of a replica's state as the balancer logged it, at the time Docker stamped the line with.
 *
 * @param backend {@code be_<service>}
 * @param server the replica, {@code store-2}
 * @param state UP or DOWN (health checks), MAINT (its name stopped resolving: the container is gone), READY (out
 *     of maintenance: its name resolves again; UP follows once a check passes), STOPPING (draining)
 * @param reason what HAProxy gave, e.g. "Layer4 timeout, check duration: 1001ms" or "DNS NX status"
 */
public record ServerStateChange(Instant at, String backend, String server, String state, String reason) {

  /** "2026-11-28T15:13:54.826812320Z Server be_worker/worker-2 ('worker-2') is ...": Docker's stamp, then HAProxy's line. */
  private static final Pattern LINE = Pattern.compile(
      "^(?:(?<at>\\S+) )?Server (?<backend>[^/\\s]+)/(?<server>\\S+?)(?: \\('[^']*'\\))? (?<rest>.+)$");
  /** Each state as HAProxy words it, the first that matches the line's rest deciding. */
  private static final List<StateWording> STATES = List.of(
      new StateWording("MAINT", "(?:enters|going DOWN for) maintenance\\b"),
      new StateWording("READY", "^is UP/READY\\b|^administratively READY\\b"),
      new StateWording("STOPPING", "^is stopping\\b"),
      new StateWording("UP", "^is UP\\b"),
      new StateWording("DOWN", "^is DOWN\\b"));
  /**
   * Where the reason is, the first that matches: after "reason: " up to the servers left ("Layer4 timeout, check
   * duration: 1002ms"), else in the closing parentheses ("DNS NX status"), else after "thanks to".
   */
  private static final List<Pattern> REASONS = List.of(
      Pattern.compile(", reason: (.+?)(?:\\. \\d+ active.*|\\.)?$"),
      Pattern.compile("\\(([^)]*)\\)\\.?$"),
      Pattern.compile("thanks to (.+?)\\.?$"));

  private record StateWording(String state, Pattern wording) {

    StateWording(String state, String regex) {
      this(state, Pattern.compile(regex));
    }
  }

  /**
   * The state changes in a log read with Docker's timestamps ({@code docker logs --timestamps}), in order. Lines that
   * are not about a server's state (a new address, a request) are left out, as is a server line in a wording this
   * parser does not know.
   */
  public static List<ServerStateChange> parse(String timestampedLog) {
    List<ServerStateChange> changes = new ArrayList<>();
    for (String line : timestampedLog.split("\n")) {
      Matcher matcher = LINE.matcher(line.strip());
      if (!matcher.matches()) {
        continue;
      }
      Instant at = timestamp(matcher.group("at"), line);
      String rest = matcher.group("rest");
      STATES.stream().filter(state -> state.wording().matcher(rest).find()).findFirst().ifPresent(state ->
          changes.add(new ServerStateChange(at, matcher.group("backend"), matcher.group("server"), state.state(),
              reason(rest))));
    }
    return List.copyOf(changes);
  }

  private static Instant timestamp(String stamp, String line) {
    try {
      if (stamp != null) {
        return Instant.parse(stamp);
      }
    } catch (DateTimeParseException e) {
      // said below
    }
    throw new IllegalArgumentException("a balancer log line without Docker's timestamp (read the log with"
        + " timestamps): " + line);
  }

  private static String reason(String rest) {
    for (Pattern reason : REASONS) {
      Matcher matcher = reason.matcher(rest);
      if (matcher.find()) {
        return matcher.group(1);
      }
    }
    return "";
  }
}
