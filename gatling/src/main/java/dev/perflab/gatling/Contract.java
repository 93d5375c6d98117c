package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.exitBlockOnFail;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.percent;
import static io.gatling.javaapi.core.CoreDsl.randomSwitch;
import static io.gatling.javaapi.core.CoreDsl.regex;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Choice;
import io.gatling.javaapi.http.Http;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * Contract v1 + v2 as Gatling requests, each checking the answer's body, not only its status,
 * and the weighted {@link Mix} of them that every simulation sends.
 *
 * <p>Each request has a stable name, so Gatling's statistics have one line per endpoint: the
 * names below, passed through a naming function (Spike appends the phase). A simulation can also
 * wrap every single request: each leaves its response time, as Gatling measured it, in the
 * session under {@link #RESPONSE_TIME_MILLIS} (Ramp feeds its stop condition with it).
 *
 * <p>Settings read: {@code perflab.baseUrl} (required), {@code perflab.mix},
 * {@code perflab.cpu.iterations} (default 1000) and {@code perflab.runId} (default: the start
 * time in base 36; it makes the created users' emails unique across runs on the same database).
 */
public final class Contract {

  public static final String HELLO = "hello";
  public static final String CPU = "cpu";
  public static final String SORT = "sort";
  public static final String USER_CREATE = "user create";
  public static final String USER_READ = "user read";
  public static final String STREAM = "stream";
  public static final String IO = "io";

  /** Session key: the last request's response time in ms, absent if no response came. */
  public static final String RESPONSE_TIME_MILLIS = "perflab.responseTimeMillis";

  static final int STREAM_EVENTS = 5;
  private static final String SORT_BODY =
      "{\"algorithm\":\"quicksort\",\"order\":\"asc\",\"values\":[42,7,19,3,88,1,56,23]}";
  private static final List<Integer> SORTED = List.of(1, 3, 7, 19, 23, 42, 56, 88);
  private static final String USER_NAME = "Perf Lab";
  // An SSE line is "data:" with or without one space; the last event's data carries seq = events.
  private static final String SSE_DATA = "(?m)^data: ?(.*)$";

  private final String baseUrl;
  private final Mix mix;
  private final int cpuIterations;
  private final String cpuResult;
  private final String runId;
  private final UnaryOperator<String> naming;
  private final UnaryOperator<ChainBuilder> aroundEachRequest;
  private final boolean silent;
  private final AtomicLong createdUsers = new AtomicLong();

  private Contract(String baseUrl, Mix mix, int cpuIterations, String runId, UnaryOperator<String> naming,
      UnaryOperator<ChainBuilder> aroundEachRequest, boolean silent) {
    this.baseUrl = baseUrl;
    this.mix = mix;
    this.cpuIterations = cpuIterations;
    this.cpuResult = CpuAnswer.hex(cpuIterations);
    this.runId = runId;
    this.naming = naming;
    this.aroundEachRequest = aroundEachRequest;
    this.silent = silent;
  }

  public static Contract from(Parameters parameters) {
    return new Contract(parameters.baseUrl("baseUrl"), Mix.from(parameters),
        parameters.positiveInt("cpu.iterations", 1000),
        runId(parameters), UnaryOperator.identity(), UnaryOperator.identity(), false);
  }

  /** {@code perflab.runId}, or the start time in base 36: what makes created users' emails unique across runs. */
  static String runId(Parameters parameters) {
    return parameters.optionalString("runId").orElse(Long.toString(System.currentTimeMillis(), 36));
  }

  /** The same contract with request names rewritten at send time (e.g. {@code hello [burst 1]}). */
  public Contract namedBy(UnaryOperator<String> naming) {
    return new Contract(baseUrl, mix, cpuIterations, runId, naming, aroundEachRequest, silent);
  }

  /** The same contract with every single request wrapped by {@code around}. */
  public Contract aroundEachRequest(UnaryOperator<ChainBuilder> around) {
    return new Contract(baseUrl, mix, cpuIterations, runId, naming, around, silent);
  }

  /**
   * The same contract with every request silent: sent and checked, but left out of Gatling's
   * statistics and assertions (see {@link LeadIn}). Its users' emails are marked apart.
   */
  public Contract silently() {
    return new Contract(baseUrl, mix, cpuIterations, runId + "-lead-in", naming, aroundEachRequest, true);
  }

  /**
   * Shared connections: the virtual users of an open model live for one pick, and a pool of
   * their own would open a TCP connection per request; a shared pool behaves like a service's
   * HTTP client. No warm-up call to gatling.io (the default): the lab has no way out.
   */
  public HttpProtocolBuilder protocol() {
    return http.baseUrl(baseUrl).acceptHeader("application/json").shareConnections().disableWarmUp();
  }

  /** One request (two for users: create, then read back) picked by the mix's weights. */
  public ChainBuilder pick() {
    List<Choice.WithWeight> choices = new ArrayList<>();
    mix.percentages().forEach((endpoint, share) -> choices.add(percent(share).then(chain(endpoint))));
    return randomSwitch().on(choices);
  }

  private ChainBuilder chain(Endpoint endpoint) {
    return switch (endpoint) {
      case HELLO -> hello();
      case CPU -> cpu();
      case SORT -> sort();
      case USERS -> users();
      case STREAM -> stream();
      case IO -> io();
    };
  }

  public ChainBuilder hello() {
    return wrap(request(HELLO).get("/hello")
        .check(status().is(200), jsonPath("$.message").is("Hello, World!")));
  }

  public ChainBuilder cpu() {
    return wrap(request(CPU).get("/cpu?iterations=" + cpuIterations)
        .check(status().is(200), jsonPath("$.iterations").ofInt().is(cpuIterations),
            jsonPath("$.result").is(cpuResult)));
  }

  public ChainBuilder sort() {
    return wrap(request(SORT).post("/sort").body(StringBody(SORT_BODY)).asJson()
        .check(status().is(200), jsonPath("$.values[*]").ofInt().findAll().is(SORTED)));
  }

  /** A user with an email no earlier run used, then read back by the id the server gave it. */
  public ChainBuilder users() {
    HttpRequestActionBuilder create = request(USER_CREATE).post("/users")
        .body(StringBody("{\"name\":\"" + USER_NAME + "\",\"email\":\"#{email}\"}")).asJson()
        .check(status().is(201), jsonPath("$.id").ofLong().saveAs("userId"),
            jsonPath("$.name").is(USER_NAME), jsonPath("$.email").is(session -> session.getString("email")));
    HttpRequestActionBuilder read = request(USER_READ).get("/users/#{userId}")
        .check(status().is(200), jsonPath("$.id").ofLong().is(session -> session.getLong("userId")),
            jsonPath("$.name").is(USER_NAME), jsonPath("$.email").is(session -> session.getString("email")));
    // Without a created user there is nothing to read back: a failed create ends the block.
    return exitBlockOnFail().on(
        exec(session -> session.set("email", "u" + createdUsers.incrementAndGet() + "-" + runId + "@perflab.dev")),
        wrap(create),
        wrap(read));
  }

  public ChainBuilder stream() {
    String lastData = "{\"seq\":" + STREAM_EVENTS + ",\"events\":" + STREAM_EVENTS + "}";
    return wrap(request(STREAM).get("/stream?events=" + STREAM_EVENTS + "&intervalMs=0")
        .header("Accept", "text/event-stream")
        .check(status().is(200),
            header("Content-Type").transform(type -> type.startsWith("text/event-stream")).is(true),
            regex(SSE_DATA).count().is(STREAM_EVENTS),
            regex(SSE_DATA).findAll().transform(List::getLast).is(lastData)));
  }

  public ChainBuilder io() {
    return wrap(request(IO).get("/io?delayMs=0")
        .check(status().is(200), jsonPath("$.delayMs").ofInt().is(0),
            jsonPath("$.downstreamStatus").ofInt().is(200)));
  }

  private Http request(String name) {
    return http(session -> naming.apply(name));
  }

  // Gatling runs every check even after one fails, so the time is saved for any response.
  private ChainBuilder wrap(HttpRequestActionBuilder request) {
    HttpRequestActionBuilder timed = request.check(responseTimeInMillis().saveAs(RESPONSE_TIME_MILLIS));
    return aroundEachRequest.apply(exec(silent ? timed.silent() : timed));
  }
}
