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
    Flux<Integer> seqs = plan.intervalMs() == 0
        ? Flux.range(1, plan.events())
        : Flux.interval(Duration.ZERO, Duration.ofMillis(plan.intervalMs())).map(i -> i.intValue() + 1).take(plan.events());
    return seqs.map(seq -> Event.of(plan.tick(seq)).id(StreamPlan.eventId(seq)).name(StreamPlan.EVENT_NAME));
  }
}
