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
 * One {@link Sessions} virtual user's ten requests ({@link SessionStep}): five, each right after
 * its CORS preflight and followed by the pause, every one counted into the {@link SessionTally}
 * by hooks around it: the hook before notes the send, the hook after reads the status and
 * response time the request's checks saved (none if no answer came) and judges it. The pause
 * follows every request, the last one's too, as the study has it: it only keeps the user alive a
 * little longer, it sends nothing. A failed create ends the session at once, without its pause:
 * nothing follows to wait for. A failed preflight ends nothing: the study's Gatling replayed its
 * recorded requests whatever the preflight got (a browser would have stopped; the count is the
 * study's).
 *
 * <p>The preflight is what a browser sends before a cross-origin request that is not "simple":
 * {@code OPTIONS} on the request's path with {@code Origin}, {@code Access-Control-Request-Method}
 * (the request's) and {@code Access-Control-Request-Headers: content-type}. The study's recording
 * had one before every request, GETs included, so its front end sent a header outside CORS's
 * safelist with each; which one the study does not say, and {@code content-type} (a JSON client's)
 * stands for it.
 */
final class SessionJourney {

  private static final String NUMBER = "perflab.sessions.number";
  private static final String USER_ID = "perflab.sessions.userId";
  private static final String STATUS = "perflab.sessions.status";
  private static final String RESPONSE_TIME_MILLIS = "perflab.sessions.responseTimeMillis";
  private static final String SENT_AT_NANOS = "perflab.sessions.sentAtNanos";
  private static final String LAST_OK = "perflab.sessions.lastOk";
  private static final String ALL_OK = "perflab.sessions.allOk";
  /** The front end's origin, another than the API's: what makes every request cross-origin. */
  static final String ORIGIN = "http://front-end.perflab.dev";
  static final String REQUEST_HEADERS = "content-type";

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
        .exec(preflighted(SessionStep.CREATE, session -> "/users", create, session -> session.contains(USER_ID)))
        // The study's rule: without a login, the rest of the session is not sent.
        .exitHereIf(session -> !session.getBoolean(LAST_OK))
        .pause(settings.pause())
        .exec(preflighted(SessionStep.CHECK, userPath, request(SessionStep.CHECK).get(userPath)))
        .pause(settings.pause())
        .exec(preflighted(SessionStep.SUBMIT, session -> settings.submitPath(),
            request(SessionStep.SUBMIT).get(settings.submitPath())))
        .pause(settings.pause())
        .exec(preflighted(SessionStep.DELETE, userPath, request(SessionStep.DELETE).delete(userPath)))
        .pause(settings.pause())
        .exec(preflighted(SessionStep.CHECK_DELETED, userPath, request(SessionStep.CHECK_DELETED).get(userPath)))
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

  private ChainBuilder preflighted(SessionStep step, Function<Session, String> path,
      HttpRequestActionBuilder request) {
    return preflighted(step, path, request, session -> true);
  }

  /** The step's preflight, then the step itself at once, as a browser sends them; the step's outcome is LAST_OK. */
  private ChainBuilder preflighted(SessionStep step, Function<Session, String> path,
      HttpRequestActionBuilder request, Predicate<Session> bodyValid) {
    SessionStep preflight = step.preflightOf();
    HttpRequestActionBuilder options = request(preflight).options(path)
        .header("Origin", ORIGIN)
        .header("Access-Control-Request-Method", step.method())
        .header("Access-Control-Request-Headers", REQUEST_HEADERS);
    return exec(timed(preflight, options, session -> true)).exec(timed(step, request, bodyValid));
  }

  /**
   * The status and response time are saved by checks of their own, apart from the one that judges
   * the status for Gatling's report: Gatling runs every check even after one fails, but a check
   * whose validation fails saves nothing ({@code status().is(201).saveAs(...)} would lose a 500).
   */
  private ChainBuilder timed(SessionStep step, HttpRequestActionBuilder request, Predicate<Session> bodyValid) {
    HttpRequestActionBuilder checked = request.requestTimeout(settings.requestTimeout())
        .check(status().saveAs(STATUS), responseTimeInMillis().saveAs(RESPONSE_TIME_MILLIS),
            status().in(step.okStatuses()));
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
