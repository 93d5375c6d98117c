package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.IoResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /io?delayMs=D}. No thread waits for the downstream: the method returns a Mono at
 * once, and the answer is written when the downstream's status arrives on an event loop. That is
 * WebFlux's model, and what sets this app apart from the blocking spring-boot one under many users.
 */
@RestController
class IoEndpoint {

  private final DownstreamClient downstream;

  IoEndpoint(DownstreamClient downstream) {
    this.downstream = downstream;
  }

  // A bad parameter throws before the call is made (a JSON 400); a downstream failure is the
  // Mono's error (a 502), answered by ErrorHandlers either way.
  @GetMapping("/io")
  Mono<IoResponse> io(@RequestParam MultiValueMap<String, String> query) {
    int delay = IoCall.delayMs(query.get("delayMs"));
    return downstream.delay(delay).map(status -> IoCall.answer(delay, status));
  }
}
