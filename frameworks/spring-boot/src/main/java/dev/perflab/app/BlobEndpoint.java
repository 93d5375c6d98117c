package dev.perflab.app;

import dev.perflab.workload.BlobPlan;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /blob?bytes=N}, written on the Tomcat thread straight to the servlet response, one
 * 64 KiB chunk at a time through one buffer (BlobPlan.writeTo). Tomcat sends each write on, so
 * the body is never held whole; Content-Length is set before the first byte, so Tomcat frames
 * the body by its length rather than in chunks.
 */
@RestController
class BlobEndpoint {

  // Not a StreamingResponseBody: that hands the writing to Spring MVC's async executor, a second
  // pool with a size of its own, under the servlet container's async timeout, which a 64 MiB body
  // to a slow client may outlast. A bad parameter throws before anything is written (a JSON 400).
  @GetMapping("/blob")
  void blob(@RequestParam MultiValueMap<String, String> query, HttpServletResponse response) throws IOException {
    BlobPlan plan = BlobPlan.of(query.get("bytes"));
    response.setContentType(BlobPlan.MEDIA_TYPE);
    response.setContentLengthLong(plan.bytes());
    plan.writeTo(response.getOutputStream());
  }
}
