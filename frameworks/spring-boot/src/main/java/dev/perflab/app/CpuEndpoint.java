package dev.perflab.app;

import dev.perflab.workload.CpuKernel;
import dev.perflab.workload.CpuResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /cpu?iterations=N}. */
@RestController
class CpuEndpoint {

  // Raw text, possibly null: the workload validates it and words the errors.
  @GetMapping("/cpu")
  CpuResponse cpu(@RequestParam(name = "iterations", required = false) String iterations) {
    return CpuKernel.run(iterations);
  }
}
