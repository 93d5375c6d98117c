package dev.perflab.app;

import dev.perflab.workload.BlobPlan;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code GET /blob?bytes=N} as a JAX-RS StreamingOutput, written on a worker thread chunk by
 * chunk through one buffer (BlobPlan.writeTo). Quarkus's output stream passes each write to
 * Vert.x and blocks while the connection's write queue is full, so the body is never held whole.
 * The Content-Length given here is what Quarkus sends, instead of chunking the body.
 */
@Path("/blob")
class BlobEndpoint {

  // Not a Multi of chunks: Quarkus sends a Multi chunked, whatever the headers say. Blocking
  // because the stream waits for the client; a bad parameter throws before it (a JSON 400).
  @GET
  @Blocking
  public RestResponse<StreamingOutput> blob(@QueryParam("bytes") List<String> bytes) {
    BlobPlan plan = BlobPlan.of(bytes);
    StreamingOutput body = plan::writeTo;
    return RestResponse.ResponseBuilder.ok(body, BlobPlan.MEDIA_TYPE)
        .header(HttpHeaders.CONTENT_LENGTH, plan.bytes())
        .build();
  }
}
