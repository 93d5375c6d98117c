package dev.perflab.app;

import dev.perflab.workload.HelloResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/hello")
@Produces(MediaType.APPLICATION_JSON)
class HelloEndpoint {

  @GET
  public HelloResponse hello() {
    return HelloResponse.HELLO;
  }
}
