package dev.perflab.app;

import dev.perflab.workload.BlobPlan;
import io.micronaut.core.type.Argument;
import io.micronaut.core.type.MutableHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.body.CloseableByteBody;
import io.micronaut.http.body.ResponseBodyWriter;
import io.micronaut.http.codec.CodecException;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.OutputStream;
import java.util.OptionalLong;
import reactor.core.publisher.Flux;

/**
 * {@code GET /blob?bytes=N}: the controller answers with the plan, and {@link BlobWriter} turns it
 * into a body streamed from a Reactor Flux of 64 KiB chunks, on the event loop. A chunk is made
 * only when Netty asks for the next one, so a slow client holds back the making and the body is
 * never held whole. A bad parameter throws before there is a body (a JSON 400).
 */
@Controller("/blob")
class BlobEndpoint {

  @Get
  HttpResponse<BlobPlan> blob(HttpRequest<?> request) {
    BlobPlan plan = BlobPlan.of(request.getParameters().getAll("bytes"));
    return HttpResponse.ok(plan).contentType(BlobPlan.MEDIA_TYPE);
  }

  // Each chunk in an array of its own: Netty sends it after the map returns, without a copy, so a
  // shared buffer would be overwritten before it left.
  static Flux<byte[]> chunks(BlobPlan plan) {
    return Flux.range(0, plan.chunks()).map(plan::chunk);
  }

  /**
   * Why a body writer and not a {@code Publisher<byte[]>} body: Micronaut 5.0.2 sends a publisher
   * of unknown length chunked and drops a Content-Length set on the response. A body made with
   * its length ({@link ByteBodyFactory#adapt(org.reactivestreams.Publisher, OptionalLong)}) is
   * framed by Content-Length, as in the other apps.
   */
  @Singleton
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  static final class BlobWriter implements ResponseBodyWriter<BlobPlan> {

    @Override
    public CloseableByteBody writePiece(ByteBodyFactory bodies, HttpRequest<?> request, HttpResponse<?> response,
        Argument<BlobPlan> type, MediaType mediaType, BlobPlan plan) {
      return bodies.adapt(chunks(plan).map(bodies.readBufferFactory()::adapt), OptionalLong.of(plan.bytes()));
    }

    // Only for a caller outside Netty's response path (none in this app): the plan, written whole.
    @Override
    public void writeTo(Argument<BlobPlan> type, MediaType mediaType, BlobPlan plan, MutableHeaders headers,
        OutputStream out) {
      try {
        plan.writeTo(out);
      } catch (IOException e) {
        throw new CodecException("the blob could not be written", e);
      }
    }
  }
}
