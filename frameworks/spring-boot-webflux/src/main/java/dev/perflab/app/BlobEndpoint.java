package dev.perflab.app;

import dev.perflab.workload.BlobPlan;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;

/**
 * {@code GET /blob?bytes=N}: a Reactor Flux of 64 KiB chunks, written by Reactor Netty on the
 * event loop. A chunk is made only when the response asks for it, so the body is never held
 * whole; Content-Length is set on the response, so Reactor Netty frames the body by its length
 * rather than in chunks (it sends a body of a known length as is).
 */
@RestController
class BlobEndpoint {

  // A bad parameter throws before there is a body (a JSON 400).
  @GetMapping("/blob")
  ResponseEntity<Flux<DataBuffer>> blob(@RequestParam MultiValueMap<String, String> query) {
    BlobPlan plan = BlobPlan.of(query.get("bytes"));
    return ResponseEntity.ok()
        .contentType(MediaType.valueOf(BlobPlan.MEDIA_TYPE))
        .contentLength(plan.bytes())
        .body(chunks(plan));
  }

  // Each chunk in an array of its own (BlobPlan.chunk): Netty sends it after the map returns,
  // without a copy, so a shared buffer would be overwritten before it left.
  static Flux<DataBuffer> chunks(BlobPlan plan) {
    DefaultDataBufferFactory buffers = DefaultDataBufferFactory.sharedInstance;
    return Flux.range(0, plan.chunks()).map(index -> buffers.wrap(plan.chunk(index)));
  }
}
