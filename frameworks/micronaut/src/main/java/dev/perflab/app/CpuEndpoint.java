package dev.perflab.app;

import dev.perflab.workload.CpuKernel;
import dev.perflab.workload.CpuResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

/** CPU-bound: runs off the event loop. The raw text is validated by the workload, not by Micronaut. */
@Controller("/cpu")
class CpuEndpoint {

  @Get
  @ExecuteOn(TaskExecutors.BLOCKING)
  CpuResponse cpu(HttpRequest<?> request) {
    return CpuKernel.run(request.getParameters().getAll("iterations"));
  }
}
