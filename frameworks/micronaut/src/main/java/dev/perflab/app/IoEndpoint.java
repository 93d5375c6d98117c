package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.IoResponse;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

/** Waits for the downstream with a blocking call, so it runs off the event loop. */
@Controller("/io")
class IoEndpoint {

  private final DownstreamClient downstream;

  IoEndpoint(DownstreamClient downstream) {
    this.downstream = downstream;
  }

  @Get
  @ExecuteOn(TaskExecutors.BLOCKING)
  IoResponse io(@QueryValue @Nullable String delayMs) {
    int delay = IoCall.delayMs(delayMs);
    return IoCall.answer(delay, downstream.status(IoCall.downstreamPath(delay)));
  }
}
