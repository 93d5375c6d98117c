package dev.perflab.app;

import dev.perflab.workload.SortRequest;
import dev.perflab.workload.SortResponse;
import dev.perflab.workload.SortService;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

/**
 * CPU-bound: runs off the event loop. The body is read by serde through PerflabApplication's
 * strict reader; a missing or unreadable one never gets here (see ErrorHandlers).
 */
@Controller("/sort")
class SortEndpoint {

  @Post
  @ExecuteOn(TaskExecutors.BLOCKING)
  SortResponse sort(@Body SortRequest request) {
    return SortService.sort(request);
  }
}
