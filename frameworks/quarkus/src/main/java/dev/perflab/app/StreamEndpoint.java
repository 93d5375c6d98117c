package dev.perflab.app;

import dev.perflab.workload.StreamPlan;
import dev.perflab.workload.StreamTick;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.time.Duration;
import java.util.List;
import org.jboss.resteasy.reactive.RestStreamElementType;

@Path("/stream")
class StreamEndpoint {

  // The plan is checked before the Multi exists, so a bad parameter is an ordinary exception
  // (a JSON 400 from ErrorHandlers) and no event is sent. Events are built as OutboundSseEvents
  // because only those carry an id and an event name. The data's JSON type is declared once for
  // the stream: set on each event, Quarkus would add a content-type line to every event.
  @GET
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @RestStreamElementType(MediaType.APPLICATION_JSON)
  public Multi<OutboundSseEvent> stream(
      @QueryParam("events") List<String> events, @QueryParam("intervalMs") List<String> intervalMs, @Context Sse sse) {
    StreamPlan plan = StreamPlan.of(events, intervalMs);
    return paced(plan).map(seq -> sse.newEventBuilder()
        .id(StreamPlan.eventId(seq))
        .name(StreamPlan.EVENT_NAME)
        .data(StreamTick.class, plan.tick(seq))
        .build());
  }

  // Seqs 1..N, each after the first delayed by Mutiny's timer rather than a sleeping thread. A
  // seq is only produced when the response asks for it, so a slow client is never overrun.
  private static Multi<Integer> paced(StreamPlan plan) {
    Multi<Integer> seqs = Multi.createFrom().range(1, plan.events() + 1);
    if (plan.intervalMs() == 0) {
      return seqs;
    }
    Duration interval = Duration.ofMillis(plan.intervalMs());
    return seqs.onItem().call(seq -> seq == 1
        ? Uni.createFrom().voidItem()
        : Uni.createFrom().voidItem().onItem().delayIt().by(interval));
  }
}
