package dev.perflab.app;

import dev.perflab.workload.CpuKernel;
import dev.perflab.workload.CpuResponse;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

@Path("/cpu")
@Produces(MediaType.APPLICATION_JSON)
class CpuEndpoint {

  // Quarkus REST already dispatches methods with a plain return type to a worker thread;
  // @Blocking states it, so CPU work can never land on a Vert.x event loop.
  @GET
  @Blocking
  public CpuResponse cpu(@QueryParam("iterations") List<String> iterations) {
    return CpuKernel.run(iterations);
  }
}
