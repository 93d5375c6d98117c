package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client keeps a body of bytes as its length, digest and framing, and reads any other as text in its charset. */
class ParityClientTest {

  private static final byte[] THREE_BYTES = {0, 1, 2};

  private HttpServer server;
  private URI base;

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    respond("/sized", "application/octet-stream", THREE_BYTES, THREE_BYTES.length);
    respond("/chunked", "application/octet-stream", THREE_BYTES, 0);
    respond("/latin1", "text/plain; charset=ISO-8859-1", "\u00e9".getBytes(StandardCharsets.ISO_8859_1), 1);
    server.createContext("/headers", exchange -> {
      byte[] lines = String.join("|", exchange.getRequestHeaders().getOrDefault("X-Request-Type", List.of()))
          .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/plain");
      exchange.sendResponseHeaders(200, lines.length);
      try (var out = exchange.getResponseBody()) {
        out.write(lines);
      }
    });
    server.start();
    base = URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort());
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aBodyOfBytesIsKeptAsLengthDigestAndContentLength() throws Exception {
    try (ParityClient client = new ParityClient()) {
      ParityAnswer sized = client.send(base, ParityRequest.get("sized", "/sized", 200));
      ParityAnswer chunked = client.send(base, ParityRequest.get("chunked", "/chunked", 200));
      assertThat(sized.binary()).isEqualTo(BinaryBody.of(THREE_BYTES, OptionalLong.of(3)));
      assertThat(sized.binary().sha256()).isEqualTo("ae4b3280e56e2faf83f414a6e3dabe9d5fbe18976544c05fed121accb85b53fc");
      assertThat(chunked.binary()).isEqualTo(BinaryBody.of(THREE_BYTES, OptionalLong.empty()));
      assertThat(sized.text()).isNull();
      assertThat(sized.json()).isNull();
    }
  }

  @Test
  void anyOtherBodyIsTextInTheCharsetItNames() throws Exception {
    try (ParityClient client = new ParityClient()) {
      ParityAnswer text = client.send(base, ParityRequest.get("latin1", "/latin1", 200));
      assertThat(text.text()).isEqualTo("\u00e9");
      assertThat(text.binary()).isNull();
    }
  }

  @Test
  void aHeaderIsSentOnceForEachValueOnALineOfItsOwn() throws Exception {
    try (ParityClient client = new ParityClient()) {
      ParityRequest twice = ParityRequest.get("twice", "/headers", 200).withHeader("X-Request-Type", "a,b", "c");
      assertThat(client.send(base, twice).text()).isEqualTo("a,b|c");
    }
  }

  /** {@code length} 0 makes the JDK server send the body chunked. */
  private void respond(String path, String contentType, byte[] body, long length) {
    server.createContext(path, exchange -> {
      exchange.getResponseHeaders().set("Content-Type", contentType);
      exchange.sendResponseHeaders(200, length);
      try (var out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
  }
}
