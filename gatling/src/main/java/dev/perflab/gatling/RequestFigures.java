package dev.perflab.gatling;

import org.HdrHistogram.Histogram;

/**
 * The study's figures for one step of a {@link Sessions} run, or for all ten together.
 *
 * <p>Three denominators, each for its own question, and named in every share that has a choice:
 * {@code sent} (what reached the service, for the {@link #acceptanceRatio() acceptance} and
 * {@link #failureRatio() failure} ratios and {@link #apdex Apdex}, as the study computes them),
 * {@code ok} (the {@link #okLatencyBuckets() latency buckets}: the study's share of answers under
 * 800 ms is {@link LatencyBuckets#below800MillisShareOfOk() of the successful ones}; the same
 * count {@link #below800MillisShareOfSent() of those sent} puts every failure outside it) and
 * {@code planned} (every request the injection profile meant to send, whether a session sent it
 * or stopped before: the {@link #effectiveFailureRatio() effective failure ratio}). A ratio over
 * nothing (no request sent, no OK answer) is NaN, not 0: it did not happen, it did not go well.
 *
 * <p>Gatling measures latency in whole milliseconds, recorded as microseconds: every count at a
 * bound is exact below 1,048 ms, where HdrHistogram at 3 digits still tells apart each
 * millisecond, and at the 800 and 1,200 ms bounds; elsewhere above it, it is within the
 * histogram's resolution (0.1 %).
 *
 * @param planned requests the profile planned for this step (for all ten: 10 per planned session)
 * @param okLatencyMicros the OK answers' latencies
 */
public record RequestFigures(long planned, long sent, long ok, KoCounts ko, Histogram okLatencyMicros) {

  /** Gatling's own report bounds, and the study's: below 800 ms, then below 1,200 ms. */
  public static final long LOWER_BOUND_MILLIS = 800;
  public static final long HIGHER_BOUND_MILLIS = 1_200;

  /** OK answers by latency, between Gatling's report bounds; its shares are of the OK answers. */
  public record LatencyBuckets(long below800Millis, long from800To1200Millis, long atOrAbove1200Millis) {

    public long total() {
      return below800Millis + from800To1200Millis + atOrAbove1200Millis;
    }

    /** The study's "answers under 800 ms": of the successful requests. */
    public double below800MillisShareOfOk() {
      return ratio(below800Millis, total());
    }

    public double from800To1200MillisShareOfOk() {
      return ratio(from800To1200Millis, total());
    }

    public double atOrAbove1200MillisShareOfOk() {
      return ratio(atOrAbove1200Millis, total());
    }
  }

  public RequestFigures {
    if (planned <= 0 || sent < 0 || ok < 0 || ok + ko.total() > sent) {
      throw new IllegalArgumentException("inconsistent request counts: planned " + planned + ", sent " + sent
          + ", ok " + ok + ", ko " + ko.total() + " (planned > 0 and ok + ko <= sent)");
    }
    if (okLatencyMicros.getTotalCount() != ok) {
      throw new IllegalArgumentException("the OK latency histogram holds " + okLatencyMicros.getTotalCount()
          + " answers for " + ok + " OK requests");
    }
    okLatencyMicros = okLatencyMicros.copy();
  }

  /** Requests planned but never sent: their session ended at a failed create, or never started. */
  public long unsent() {
    return planned - sent;
  }

  /** ok / sent. */
  public double acceptanceRatio() {
    return ratio(ok, sent);
  }

  /** OK answers under 800 ms over the requests sent: a failure counts against it, as in none of the buckets. */
  public double below800MillisShareOfSent() {
    return ratio(okLatencyBuckets().below800Millis(), sent);
  }

  /** ko / sent: the failures the service answered for, or left unanswered. */
  public double failureRatio() {
    return ratio(ko.total(), sent);
  }

  /** (planned - ok) / planned: a request a stopped session never sent fails the user as much as a KO. */
  public double effectiveFailureRatio() {
    return ratio(planned - ok, planned);
  }

  public LatencyBuckets okLatencyBuckets() {
    long below800 = okAtOrBelowMillis(LOWER_BOUND_MILLIS - 1);
    long below1200 = okAtOrBelowMillis(HIGHER_BOUND_MILLIS - 1);
    return new LatencyBuckets(below800, below1200 - below800, ok - below1200);
  }

  /**
   * The study's Apdex over the requests sent: (satisfied + tolerating / 2) / sent, where satisfied
   * are the OK answers within {@code tMillis}, tolerating the OK answers above it up to 4 x
   * {@code tMillis}, and frustrated every other request sent: slower OK answers and every KO (the
   * standard Apdex would only score answers; the study counts a failure as a frustrated user).
   * The requests a stopped session never sent do not count: see {@link #apdexOfPlanned}.
   */
  public double apdex(double tMillis) {
    return ratio(apdexScore(tMillis), sent);
  }

  /**
   * The same score over every request planned: a request a stopped session never sent counts as
   * frustrated too. Lower than {@link #apdex} by as much as sessions ended at a failed create.
   */
  public double apdexOfPlanned(double tMillis) {
    return ratio(apdexScore(tMillis), planned);
  }

  private double apdexScore(double tMillis) {
    if (!(tMillis > 0) || Double.isInfinite(tMillis)) {
      throw new IllegalArgumentException("Apdex T must be a number of milliseconds > 0, got " + tMillis);
    }
    // Latencies are whole milliseconds: at most T is at most floor(T).
    long satisfied = okAtOrBelowMillis((long) Math.floor(tMillis));
    long tolerating = okAtOrBelowMillis((long) Math.floor(4 * tMillis)) - satisfied;
    return satisfied + tolerating / 2.0;
  }

  private long okAtOrBelowMillis(long millis) {
    long micros = millis >= Long.MAX_VALUE / 1_000 ? Long.MAX_VALUE : millis * 1_000;
    return okLatencyMicros.getCountBetweenValues(0, micros);
  }

  private static double ratio(double part, long whole) {
    return whole == 0 ? Double.NaN : part / whole;
  }
}
