package dev.perflab.app;

import dev.perflab.workload.BadRequestException;
import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.SortRequest;
import dev.perflab.workload.SortResponse;
import dev.perflab.workload.SortService;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/sort")
@Produces(MediaType.APPLICATION_JSON)
class SortEndpoint {

  // Only application/json (a "+json" type too is a 415), as in every app: docs/contract-v1.md.
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Blocking
  public SortResponse sort(SortRequest request) {
    // Quarkus REST binds an empty body to null; every app answers that as a malformed body.
    if (request == null) {
      throw new BadRequestException(ErrorResponse.malformedBody().error());
    }
    return SortService.sort(request);
  }
}
