package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A keep-alive connection goes on answering after a request that arrived while the one before it
 * was still finishing. Reactor Netty before 1.3.8 buffered such a request, answered it and then
 * stopped reading the connection when the answer was synchronous (reactor/reactor-netty#4361): the
 * AOT training's GET /cpu?iterations=x right after GET /cpu hung for its 30 s timeout about one
 * image build in two. Two requests sent in one write are always in that state.
 */
class KeepAliveTest {

  private static ConfigurableApplicationContext app;
  private static int port;

  @BeforeAll
  static void start() {
    app = new SpringApplicationBuilder(PerflabApplication.class).run("--server.port=0", "--DATABASE_URL=");
    port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void theConnectionIsReadAfterAPipelinedRequestAnsweredAtOnce() throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      for (int round = 0; round < 20; round++) {
        out.write((get("/stream?events=2&intervalMs=50") + get("/cpu?iterations=x")).getBytes(StandardCharsets.US_ASCII));
        out.flush();
        assertThat(statusLine(in)).as("round %d, GET /stream", round).isEqualTo("HTTP/1.1 200 OK");
        assertThat(statusLine(in)).as("round %d, GET /cpu?iterations=x", round).isEqualTo("HTTP/1.1 400 Bad Request");
        out.write(get("/hello").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        assertThat(statusLine(in)).as("round %d, GET /hello sent after both answers", round).isEqualTo("HTTP/1.1 200 OK");
      }
    }
  }

  private static String get(String target) {
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  }

  /** One response's status line, the rest of it (headers and a Content-Length body) read and dropped. */
  private static String statusLine(InputStream in) throws IOException {
    String status = line(in);
    int contentLength = 0;
    boolean chunked = false;
    for (String header = line(in); !header.isEmpty(); header = line(in)) {
      if (header.regionMatches(true, 0, "content-length:", 0, 15)) {
        contentLength = Integer.parseInt(header.substring(15).trim());
      } else if (header.equalsIgnoreCase("transfer-encoding: chunked")) {
        chunked = true;
      }
    }
    if (!chunked) {
      body(in, contentLength);
      return status;
    }
    for (int size = Integer.parseInt(line(in), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
      body(in, size);
      line(in);
    }
    line(in); // the empty line after the last chunk
    return status;
  }

  private static void body(InputStream in, int length) throws IOException {
    if (in.readNBytes(length).length < length) {
      throw new IOException("the connection closed within a response's body");
    }
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    try {
      for (int b = in.read(); b != '\n'; b = in.read()) {
        if (b < 0) {
          throw new IOException("the server closed the connection");
        }
        if (b != '\r') {
          line.write(b);
        }
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError("no answer within 5 s on a keep-alive connection (read so far: \""
          + line.toString(StandardCharsets.US_ASCII) + "\")", e);
    }
    return line.toString(StandardCharsets.US_ASCII);
  }
}
