package dev.perflab.app;

import dev.perflab.workload.CpuKernel;
import dev.perflab.workload.CpuResponse;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /cpu?iterations=N}, computed on the event loop (WebFlux runs a handler where the request arrived). */
@RestController
class CpuEndpoint {

  // Every raw value of the parameter, none when absent: the workload validates them and words the
  // errors. The map, not a List<String> parameter, because Spring would split "1,2" into two values.
  @GetMapping("/cpu")
  CpuResponse cpu(@RequestParam MultiValueMap<String, String> query) {
    return CpuKernel.run(query.get("iterations"));
  }
}
