package dev.perflab.app;

import dev.perflab.workload.StreamPlan;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import org.springframework.http.MediaType;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code GET /stream?events=N&intervalMs=M} as Server-Sent Events. The Tomcat thread returns at
 * once (Servlet async); the events are sent by the task scheduler (@EnableScheduling in
 * PerflabApplication), each one scheduling the next, so no thread sleeps between events.
 */
@RestController
class StreamEndpoint {

  private final TaskScheduler scheduler;

  StreamEndpoint(TaskScheduler scheduler) {
    this.scheduler = scheduler;
  }

  // No produces = text/event-stream: with it, a 400 could not be answered as JSON. The emitter
  // sets the event-stream Content-Type itself; a bad parameter throws before it exists.
  @GetMapping("/stream")
  SseEmitter stream(@RequestParam MultiValueMap<String, String> query) {
    StreamPlan plan = StreamPlan.of(query.get("events"), query.get("intervalMs"));
    // 0: no async timeout, as a stream may last (MAX_EVENTS - 1) * MAX_INTERVAL_MS.
    SseEmitter emitter = new SseEmitter(0L);
    scheduler.schedule(() -> sendFrom(emitter, plan, 1), Instant.now());
    return emitter;
  }

  /** Sends event {@code seq}, and those after it at once when intervalMs is 0. */
  private void sendFrom(SseEmitter emitter, StreamPlan plan, int seq) {
    Duration interval = Duration.ofMillis(plan.intervalMs());
    for (; seq <= plan.events(); seq++) {
      try {
        emitter.send(SseEmitter.event()
            .id(StreamPlan.eventId(seq))
            .name(StreamPlan.EVENT_NAME)
            .data(plan.tick(seq), MediaType.APPLICATION_JSON));
      } catch (IOException | IllegalStateException e) {
        return; // the client has gone: Spring MVC completes the emitter with the error
      }
      if (seq < plan.events() && !interval.isZero()) {
        int next = seq + 1;
        scheduler.schedule(() -> sendFrom(emitter, plan, next), Instant.now().plus(interval));
        return;
      }
    }
    emitter.complete();
  }
}
