package dev.perflab.workload;

import java.util.List;

/**
 * {@code GET /stream?events=N&intervalMs=M}: N Server-Sent Events, the first at once and each
 * next one M ms after the previous; the response ends after the N-th. Every event has
 * {@code id: <seq>}, {@code event: tick} and {@code data: {"seq":<seq>,"events":N}} (seq from 1).
 */
public record StreamPlan(int events, int intervalMs) {

  public static final int MAX_EVENTS = 1_000;
  public static final int MAX_INTERVAL_MS = 10_000;
  public static final String EVENT_NAME = "tick";

  /** From the raw query parameters' values (empty or null when absent), with {@link QueryParameters}' texts. */
  public static StreamPlan of(List<String> eventsRaw, List<String> intervalMsRaw) {
    return new StreamPlan(
        QueryParameters.boundedInt("events", eventsRaw, 1, MAX_EVENTS),
        QueryParameters.boundedInt("intervalMs", intervalMsRaw, 0, MAX_INTERVAL_MS));
  }

  /** The data of event {@code seq} (1-based). */
  public StreamTick tick(int seq) {
    return new StreamTick(seq, events);
  }

  /** The SSE {@code id} of event {@code seq}. */
  public static String eventId(int seq) {
    return Integer.toString(seq);
  }
}
