package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.RequestSpec;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the drivers count as a correct answer: the expected status, and the expected text somewhere in the body's bytes. */
class ResponseCheckTest {

  @Test
  void textInsideABinaryBodyIsFound() {
    byte[] blob = new byte[200_000];
    for (int i = 0; i < blob.length; i++) {
      blob[i] = (byte) (i % 251);
    }

    assertThat(NettyHttp.mismatch(spec("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 200), response(200, blob))).isEmpty();
    assertThat(NettyHttp.mismatch(spec("ZYX", 200), response(200, blob))).get().asString()
        .contains("answered 200 ").endsWith("…");
  }

  @Test
  void aWrongStatusIsAMismatchWithTheBodysStart() {
    byte[] body = "{\"error\":\"bytes must be a whole number\"}".getBytes(StandardCharsets.UTF_8);

    assertThat(NettyHttp.mismatch(spec("", 200), response(400, body))).get().asString()
        .endsWith("answered 400 {\"error\":\"bytes must be a whole number\"}");
  }

  @Test
  void nonAsciiTextAndAnEmptyExpectationMatch() {
    byte[] body = "Grüße aus dem Labor".getBytes(StandardCharsets.UTF_8);

    assertThat(NettyHttp.mismatch(spec("Grüße", 200), response(200, body))).isEmpty();
    assertThat(NettyHttp.mismatch(spec("", 200), response(200, body))).isEmpty();
  }

  private static RequestSpec spec(String expectedBodyContains, int status) {
    return new RequestSpec("GET", "/blob?bytes=200000", null, null, status, expectedBodyContains);
  }

  private static FullHttpResponse response(int status, byte[] body) {
    return new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status),
        Unpooled.wrappedBuffer(body));
  }
}
