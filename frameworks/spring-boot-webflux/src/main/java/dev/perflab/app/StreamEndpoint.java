package dev.perflab.app;

import dev.perflab.workload.StreamPlan;
import dev.perflab.workload.StreamTick;
import java.time.Duration;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /stream?events=N&intervalMs=M} as Server-Sent Events from a Reactor Flux: the ticks
 * are timed on Reactor's scheduler, so no thread waits between events (no task scheduler, unlike
 * the spring-boot app). A bad parameter throws before any event is sent, and ErrorHandlers answers
 * it as JSON.
 */
@RestController
class StreamEndpoint {

  // No produces = text/event-stream: with it, a 400 could not be answered as JSON. A Flux of
  // ServerSentEvent is written as text/event-stream by WebFlux's SSE writer.
  @GetMapping("/stream")
  Flux<ServerSentEvent<StreamTick>> stream(@RequestParam MultiValueMap<String, String> query) {
    StreamPlan plan = StreamPlan.of(query.get("events"), query.get("intervalMs"));
    return paced(plan).map(seq -> ServerSentEvent.builder(plan.tick(seq))
        .id(StreamPlan.eventId(seq))
        .event(StreamPlan.EVENT_NAME)
        .build());
  }

  // Seqs 1..N, each after the first delayed by Reactor's timer rather than a sleeping thread. A
  // seq is only produced when the response asks for it (Flux.interval ticks whether asked or not,
  // and fails the stream when a busy event loop asks late), as in the micronaut app.
  private static Flux<Integer> paced(StreamPlan plan) {
    Flux<Integer> seqs = Flux.range(1, plan.events());
    if (plan.intervalMs() == 0) {
      return seqs;
    }
    Duration interval = Duration.ofMillis(plan.intervalMs());
    return seqs.concatMap(seq -> seq == 1 ? Mono.just(seq) : Mono.just(seq).delayElement(interval));
  }
}
