package dev.perflab.app;

import dev.perflab.workload.SortRequest;
import dev.perflab.workload.SortResponse;
import dev.perflab.workload.SortService;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /sort}: the body is decoded by WebFlux's Jackson decoder (see ErrorHandlers) before
 * the method runs; the sort itself runs on the event loop, as all of this app's CPU work does.
 */
@RestController
class SortEndpoint {

  // Only application/json (a "+json" type too is a 415), as in every app: docs/contract-v1.md.
  @PostMapping(path = "/sort", consumes = MediaType.APPLICATION_JSON_VALUE)
  SortResponse sort(@RequestBody SortRequest request) {
    return SortService.sort(request);
  }
}
