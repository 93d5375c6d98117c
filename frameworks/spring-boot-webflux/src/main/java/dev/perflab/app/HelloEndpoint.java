package dev.perflab.app;

import dev.perflab.workload.HelloResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /hello}. */
@RestController
class HelloEndpoint {

  @GetMapping("/hello")
  HelloResponse hello() {
    return HelloResponse.HELLO;
  }
}
