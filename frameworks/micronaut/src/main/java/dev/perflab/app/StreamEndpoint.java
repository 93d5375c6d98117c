package dev.perflab.app;

import dev.perflab.workload.StreamPlan;
import dev.perflab.workload.StreamTick;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.sse.Event;
import java.time.Duration;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Server-Sent Events from a Reactor Flux: the ticks are timed on Reactor's scheduler, so no
 * thread waits between events and the method stays on the event loop. A bad parameter throws
 * before any event is sent, and ErrorHandlers answers it as JSON.
 */
@Controller("/stream")
class StreamEndpoint {

  @Get(produces = MediaType.TEXT_EVENT_STREAM)
  Publisher<Event<StreamTick>> stream(HttpRequest<?> request) {
    StreamPlan plan = StreamPlan.of(request.getParameters().getAll("events"), request.getParameters().getAll("intervalMs"));
    return paced(plan).map(seq -> Event.of(plan.tick(seq)).id(StreamPlan.eventId(seq)).name(StreamPlan.EVENT_NAME));
  }

  // Seqs 1..N, each after the first delayed by Reactor's timer rather than a sleeping thread. A
  // seq is only produced when the response asks for it: Flux.interval ticks whether asked or not,
  // and failed the stream mid-way (OverflowException) when a busy event loop asked late.
  static Flux<Integer> paced(StreamPlan plan) {
    Flux<Integer> seqs = Flux.range(1, plan.events());
    if (plan.intervalMs() == 0) {
      return seqs;
    }
    Duration interval = Duration.ofMillis(plan.intervalMs());
    return seqs.concatMap(seq -> seq == 1 ? Mono.just(seq) : Mono.just(seq).delayElement(interval));
  }
}
