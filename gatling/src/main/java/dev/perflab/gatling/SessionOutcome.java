package dev.perflab.gatling;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What a {@link Sessions} run did, written as {@value #FILE_NAME}: the sessions planned by the
 * injection profile, started, and completed (all ten requests OK); each step's requests sent,
 * OK and KO by cause, with the OK answers' latencies; and a timeline per second since the first
 * session started. The study's figures are derived from it: per step with {@link #step}, over the
 * ten with {@link #overall()}.
 *
 * <p>Planned requests are {@code plannedSessions} x 10, and each step's are
 * {@code plannedSessions}. Gatling injects exactly the sessions its profile plans, so at most that
 * many start (fewer only if the run was cut short); more would mean the plan was not computed as
 * Gatling injects, and such a file is refused rather than given ratios above 1.
 *
 * @param steps the ten {@link SessionStep steps}, in their order
 * @param seconds every second from the first session's start to the last request sent, none left out
 */
public record SessionOutcome(long plannedSessions, long sessionsStarted, long sessionsCompleted, List<Step> steps,
    List<Second> seconds) {

  public static final String FILE_NAME = "sessions.json";
  /** The OK latency histogram's range and precision: 1 µs to 60 s, 3 significant digits. */
  static final long LOWEST_LATENCY_MICROS = 1;
  static final long HIGHEST_LATENCY_MICROS = 60_000_000;
  static final int LATENCY_DIGITS = 3;


  /**
   * One step's requests.
   *
   * @param okStatus the answer that is OK: {@code "201"}, or {@code "2xx"} for a preflight
   * @param okLatencyHistogram the OK answers' latencies in µs: an HdrHistogram, compressed
   *     ({@code encodeIntoCompressedByteBuffer}), in Base64; read it with {@link #okLatencyMicros()}
   */
  public record Step(String name, String okStatus, long sent, long ok, KoCounts ko, String okLatencyHistogram) {

    public Step {
      Objects.requireNonNull(ko, "ko");
      Objects.requireNonNull(okLatencyHistogram, "okLatencyHistogram");
    }

    static Step of(SessionStep step, long sent, long ok, KoCounts ko, Histogram okLatencyMicros) {
      ByteBuffer buffer = ByteBuffer.allocate(okLatencyMicros.getNeededByteBufferCapacity());
      int length = okLatencyMicros.encodeIntoCompressedByteBuffer(buffer);
      return new Step(step.stepName(), step.okStatus(), sent, ok, ko,
          Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length)));
    }

    public Histogram okLatencyMicros() {
      try {
        return Histogram.decodeFromCompressedByteBuffer(
            ByteBuffer.wrap(Base64.getDecoder().decode(okLatencyHistogram)), 0);
      } catch (DataFormatException | IllegalArgumentException e) {
        throw new IllegalArgumentException("step '" + name + "': okLatencyHistogram is not a Base64 compressed"
            + " HdrHistogram", e);
      }
    }
  }

  /**
   * One second of the run, counted from the first session's start. A request counts in the second
   * it was sent, its outcome with it, however late that came: a fault's cost shows where the
   * requests met it, and ok + ko = requestsSent in every second.
   */
  public record Second(long second, long sessionsStarted, long requestsSent, long ok, long ko) {}

  public SessionOutcome {
    steps = List.copyOf(steps);
    seconds = List.copyOf(seconds);
    List<String> names = steps.stream().map(Step::name).toList();
    List<String> expected = Arrays.stream(SessionStep.values()).map(SessionStep::stepName).toList();
    if (!names.equals(expected)) {
      throw new IllegalArgumentException("steps must be " + expected + ", in that order, got " + names);
    }
    if (sessionsCompleted < 0 || sessionsCompleted > sessionsStarted || sessionsStarted > plannedSessions) {
      throw new IllegalArgumentException("sessions: " + plannedSessions + " planned, " + sessionsStarted
          + " started, " + sessionsCompleted + " completed; a run cannot start more sessions than Gatling's"
          + " profile plans, nor complete more than it starts");
    }
  }

  /** Every request the profile planned: ten per planned session (five and their preflights). */
  public long plannedRequests() {
    return plannedSessions * SessionStep.values().length;
  }

  /** Sessions that ended at a failed create: each left eight requests unsent (four and their preflights). */
  public long sessionsEndedAtCreate() {
    return steps.get(SessionStep.CREATE.ordinal()).ko().total();
  }

  public RequestFigures step(SessionStep step) {
    Step recorded = steps.get(step.ordinal());
    return new RequestFigures(plannedSessions, recorded.sent(), recorded.ok(), recorded.ko(),
        recorded.okLatencyMicros());
  }

  /** The ten steps together, over {@link #plannedRequests()}. */
  public RequestFigures overall() {
    Histogram latencies = newLatencyHistogram();
    KoCounts ko = KoCounts.NONE;
    long sent = 0;
    long ok = 0;
    for (Step step : steps) {
      latencies.add(step.okLatencyMicros());
      ko = ko.plus(step.ko());
      sent += step.sent();
      ok += step.ok();
    }
    return new RequestFigures(plannedRequests(), sent, ok, ko, latencies);
  }

  public Path write(Path directory) {
    return OutcomeFile.write(directory, FILE_NAME, this);
  }

  public static SessionOutcome read(Path directory) {
    return OutcomeFile.read(directory, FILE_NAME, SessionOutcome.class);
  }

  static Histogram newLatencyHistogram() {
    return new Histogram(LOWEST_LATENCY_MICROS, HIGHEST_LATENCY_MICROS, LATENCY_DIGITS);
  }
}
