package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.IoResponse;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

@Path("/io")
@Produces(MediaType.APPLICATION_JSON)
class IoEndpoint {

  private final DownstreamClient downstream;

  IoEndpoint(DownstreamClient downstream) {
    this.downstream = downstream;
  }

  // A worker thread waits for the downstream: the REST Client's blocking call is refused on a
  // Vert.x event loop, and @Blocking (the default for a plain return type) keeps it off one.
  @GET
  @Blocking
  public IoResponse io(@QueryParam("delayMs") List<String> delayMs) {
    int delay = IoCall.delayMs(delayMs);
    return IoCall.answer(delay, downstream.status(delay));
  }
}
