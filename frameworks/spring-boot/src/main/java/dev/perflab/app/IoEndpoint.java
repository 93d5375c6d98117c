package dev.perflab.app;

import dev.perflab.workload.IoCall;
import dev.perflab.workload.IoResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /io?delayMs=D}. Blocks a Tomcat worker thread for the downstream call: that is
 * Spring MVC's model (no event loop here).
 */
@RestController
class IoEndpoint {

  private final DownstreamClient downstream;

  IoEndpoint(DownstreamClient downstream) {
    this.downstream = downstream;
  }

  @GetMapping("/io")
  IoResponse io(@RequestParam MultiValueMap<String, String> query) {
    int delay = IoCall.delayMs(query.get("delayMs"));
    return IoCall.answer(delay, downstream.delay(delay));
  }
}
