package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.IoResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
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
  IoResponse io(HttpRequest<?> request) {
    int delay = IoCall.delayMs(request.getParameters().getAll("delayMs"));
    return IoCall.answer(delay, downstream.status(IoCall.downstreamPath(delay)));
  }
}
