package dev.perflab.app;

import dev.perflab.workload.HelloResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

/** Non-blocking, so it stays on the Netty event loop. */
@Controller("/hello")
class HelloEndpoint {

  @Get
  HelloResponse hello() {
    return HelloResponse.HELLO;
  }
}
