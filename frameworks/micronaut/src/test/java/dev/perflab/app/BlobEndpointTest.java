package dev.perflab.app;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.workload.BadRequestException;
import dev.perflab.workload.BlobPlan;
import io.micronaut.core.io.buffer.ByteArrayBufferFactory;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.body.CloseableByteBody;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

class BlobEndpointTest {

  // The body must follow the reader: a chunk is made when Netty asks for it, not ahead. Made
  // eagerly (a Flux.fromIterable of every chunk, a collectList), 64 MiB would sit in the heap of a
  // 256 MiB container for each slow client.
  @Test
  void aChunkIsMadeOnlyWhenTheReaderAsksForIt() throws Exception {
    List<byte[]> chunks = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> done = new CompletableFuture<>();
    BaseSubscriber<byte[]> reader = new BaseSubscriber<>() {
      @Override
      protected void hookOnSubscribe(Subscription subscription) {
        request(1);
      }

      @Override
      protected void hookOnNext(byte[] chunk) {
        chunks.add(chunk);
      }

      @Override
      protected void hookOnComplete() {
        done.complete(null);
      }
    };
    BlobEndpoint.chunks(BlobPlan.of(List.of("1000003"))).subscribe(reader);
    assertThat(chunks).hasSize(1);
    reader.request(2);
    assertThat(chunks).hasSize(3);
    reader.request(Long.MAX_VALUE);
    done.get(10, SECONDS);

    assertThat(chunks).hasSize(16);
    assertThat(chunks.subList(0, 15)).allSatisfy(chunk -> assertThat(chunk).hasSize(BlobPlan.CHUNK_BYTES));
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    chunks.forEach(body::writeBytes);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    new BlobPlan(1_000_003).writeTo(expected);
    assertThat(body.toByteArray()).isEqualTo(expected.toByteArray());
  }

  // Framed by Content-Length on the wire: Netty sends the header when the body knows its length.
  @Test
  void theBodyIsTheBlobWithItsLength() throws Exception {
    ByteBodyFactory bodies = ByteBodyFactory.createDefault(ByteArrayBufferFactory.INSTANCE);
    try (CloseableByteBody body = new BlobEndpoint.BlobWriter().writePiece(bodies, null, null,
        Argument.of(BlobPlan.class), MediaType.APPLICATION_OCTET_STREAM_TYPE, new BlobPlan(1_000_003))) {
      assertThat(body.expectedLength()).hasValue(1_000_003);
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      new BlobPlan(1_000_003).writeTo(expected);
      assertThat(body.buffer().get(10, SECONDS).toByteArray()).isEqualTo(expected.toByteArray());
    }
  }

  @Test
  void theAnswerIsOctetsAndABadParameterIsRefusedBeforeIt() {
    HttpResponse<BlobPlan> response = new BlobEndpoint().blob(HttpRequest.GET("/blob?bytes=3"));
    assertThat(response.getContentType()).hasValue(MediaType.APPLICATION_OCTET_STREAM_TYPE);
    assertThat(response.body()).isEqualTo(new BlobPlan(3));
    assertThatThrownBy(() -> new BlobEndpoint().blob(HttpRequest.GET("/blob?bytes=-1")))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("query parameter 'bytes' must be between 0 and 67108864, got -1");
  }

  @Test
  void anEmptyBodyIsNoChunkAtAll() {
    assertThat(BlobEndpoint.chunks(BlobPlan.of(List.of("0"))).collectList().block()).isEmpty();
  }
}
