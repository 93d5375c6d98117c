package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What Netty's decoder refuses, answered with the contract's JSON (ErrorHandlers.DecoderFailures)
 * rather than Reactor Netty's empty bodies. Sent byte for byte: the JDK's HTTP client refuses to
 * send most of these.
 */
class ErrorHandlersTest {

  private static ConfigurableApplicationContext app;

  @BeforeAll
  static void start() {
    app = new SpringApplicationBuilder(PerflabApplication.class).run("--server.port=0", "--DATABASE_URL=");
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void aRequestLineOverNettysLimitIs414() throws IOException {
    assertThat(send("GET /hello?q=" + "x".repeat(9_000) + " HTTP/1.1\r\nHost: app\r\n\r\n"))
        .startsWith("HTTP/1.1 414 ")
        .contains("content-type: application/json", "connection: close")
        .endsWith("{\"error\":\"request line is too long\"}");
  }

  @Test
  void headersOverNettysLimitAre431() throws IOException {
    assertThat(send("GET /hello HTTP/1.1\r\nHost: app\r\nX-Filler: " + "x".repeat(9_000) + "\r\n\r\n"))
        .startsWith("HTTP/1.1 431 ")
        .endsWith("{\"error\":\"request header fields are too large\"}");
  }

  @Test
  void aHeaderNameWithASpaceIs400() throws IOException {
    assertThat(send("GET /hello HTTP/1.1\r\nHost: app\r\nBad Header: y\r\n\r\n"))
        .startsWith("HTTP/1.1 400 ")
        .endsWith("{\"error\":\"request is not valid HTTP/1.1\"}");
  }

  @Test
  void aCharacterRfc3986DoesNotAllowInTheTargetIs400() throws IOException {
    for (String target : new String[] {"/cpu?iterations=1|", "/cpu?iterations=1{", "/abc\\"}) {
      assertThat(send("GET " + target + " HTTP/1.1\r\nHost: app\r\n\r\n")).as(target)
          .startsWith("HTTP/1.1 400 ")
          .endsWith("{\"error\":\"request is not valid HTTP/1.1\"}");
    }
  }

  @Test
  void theServerStillAnswersOnANewConnection() throws IOException {
    assertThat(send("GET /hello HTTP/1.1\r\nHost: app\r\nConnection: close\r\n\r\n"))
        .startsWith("HTTP/1.1 200 ")
        .endsWith("{\"message\":\"Hello, World!\"}");
  }

  /** The whole answer, read until the server closes the connection. */
  private static String send(String request) throws IOException {
    int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
    try (Socket socket = new Socket("localhost", port)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
