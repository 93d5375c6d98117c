package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.Http;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One {@link Sessions} virtual user's five requests ({@link SessionStep}), each followed by the
 * pause, and each counted into the {@link SessionTally} by hooks around it: the hook before notes
 * the send, the hook after reads the status and response time the request's checks saved (none
 * if no answer came) and judges it. The pause follows every request, the last one's too, as the
 * study has it: it only keeps the user alive a little longer, it sends nothing. A failed create
 * ends the session at once, without its pause: nothing follows to wait for.
 */
final class SessionJourney {

  private static final String NUMBER = "perflab.sessions.number";
  private static final String USER_ID = "perflab.sessions.userId";
  private static final String STATUS = "perflab.sessions.status";
  private static final String RESPONSE_TIME_MILLIS = "perflab.sessions.responseTimeMillis";
  private static final String SENT_AT_NANOS = "perflab.sessions.sentAtNanos";
  private static final String LAST_OK = "perflab.sessions.lastOk";
  private static final String ALL_OK = "perflab.sessions.allOk";

  private final SessionSettings settings;
  private final String runId;
  private final SessionTally tally;
  private final AtomicLong sessions = new AtomicLong();

  SessionJourney(SessionSettings settings, String runId, SessionTally tally) {
    this.settings = settings;
    this.runId = runId;
    this.tally = tally;
  }

  ChainBuilder chain() {
    HttpRequestActionBuilder create = request(SessionStep.CREATE).post("/users")
        .body(StringBody(session -> {
          String user = "u" + session.getLong(NUMBER);
          return "{\"name\":\"" + user + "\",\"email\":\"" + user + "-" + runId + "@perflab.dev\"}";
        }))
        .asJson()
        .check(jsonPath("$.id").ofLong().saveAs(USER_ID));
    Function<Session, String> userPath = session -> "/users/" + session.getLong(USER_ID);
    return exec(session -> {
      tally.sessionStarted();
      return session.set(NUMBER, sessions.incrementAndGet()).set(ALL_OK, true);
    })
        .exec(timed(SessionStep.CREATE, create, session -> session.contains(USER_ID)))
        // The study's rule: without a login, the rest of the session is not sent.
        .exitHereIf(session -> !session.getBoolean(LAST_OK))
        .pause(settings.pause())
        .exec(timed(SessionStep.CHECK, request(SessionStep.CHECK).get(userPath)))
        .pause(settings.pause())
        .exec(timed(SessionStep.SUBMIT, request(SessionStep.SUBMIT).get(settings.submitPath())))
        .pause(settings.pause())
        .exec(timed(SessionStep.DELETE, request(SessionStep.DELETE).delete(userPath)))
        .pause(settings.pause())
        .exec(timed(SessionStep.CHECK_DELETED, request(SessionStep.CHECK_DELETED).get(userPath)))
        .pause(settings.pause())
        .exec(session -> {
          if (session.getBoolean(ALL_OK)) {
            tally.sessionCompleted();
          }
          return session;
        });
  }

  /** Named after its step: Gatling's statistics have a line per step. */
  private static Http request(SessionStep step) {
    return http(step.stepName());
  }

  private ChainBuilder timed(SessionStep step, HttpRequestActionBuilder request) {
    return timed(step, request, session -> true);
  }

  /**
   * The status and response time are saved by checks of their own, apart from the one that judges
   * the status for Gatling's report: Gatling runs every check even after one fails, but a check
   * whose validation fails saves nothing ({@code status().is(201).saveAs(...)} would lose a 500).
   */
  private ChainBuilder timed(SessionStep step, HttpRequestActionBuilder request, Predicate<Session> bodyValid) {
    HttpRequestActionBuilder checked = request.requestTimeout(settings.requestTimeout())
        .check(status().saveAs(STATUS), responseTimeInMillis().saveAs(RESPONSE_TIME_MILLIS),
            status().is(step.expectedStatus()));
    return exec(session -> session.remove(STATUS).remove(RESPONSE_TIME_MILLIS).set(SENT_AT_NANOS, tally.sent(step)))
        .exec(checked)
        .exec(session -> {
          boolean answered = session.contains(STATUS);
          boolean ok = tally.answered(step, session.getLong(SENT_AT_NANOS),
              answered ? OptionalInt.of(session.getInt(STATUS)) : OptionalInt.empty(),
              answered ? session.getLong(RESPONSE_TIME_MILLIS) : 0, bodyValid.test(session));
          return session.set(LAST_OK, ok).set(ALL_OK, ok && session.getBoolean(ALL_OK));
        });
  }
}
