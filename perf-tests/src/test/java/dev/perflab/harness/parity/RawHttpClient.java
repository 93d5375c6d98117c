package dev.perflab.harness.parity;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Writes a request's bytes to a socket as they are and reads one HTTP/1.1 answer. The JDK's
 * HttpClient refuses what a hostile client sends (invalid request lines, raw non-ASCII, header
 * names with spaces, dot segments it would keep but a URI resolver drops), so hostile requests
 * go through this. Every request closes its connection ({@code Connection: close} is the
 * generator's job), so the answer is whatever the server sent before closing.
 */
final class RawHttpClient {

  private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
  private static final int READ_TIMEOUT_MILLIS = 15_000;

  private RawHttpClient() {}

  /**
   * The server's answer to {@code request}; status 0 with the reason as text when it closed the
   * connection without answering, or did not answer in time.
   */
  static ParityAnswer send(URI base, byte[] request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), CONNECT_TIMEOUT_MILLIS);
      socket.setSoTimeout(READ_TIMEOUT_MILLIS);
      try {
        OutputStream out = socket.getOutputStream();
        out.write(request);
        out.flush();
      } catch (IOException refusedMidway) {
        // A server may answer (413, 431) and close before it has read everything: read on.
      }
      byte[] raw;
      try {
        raw = readAll(socket.getInputStream());
      } catch (SocketTimeoutException e) {
        return ParityAnswer.of(0, null, "no answer within " + READ_TIMEOUT_MILLIS + " ms");
      } catch (IOException e) {
        return ParityAnswer.of(0, null, "connection failed before an answer: " + e.getMessage());
      }
      return parse(raw);
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        bytes.write(buffer, 0, n);
      }
    } catch (IOException reset) {
      if (bytes.size() == 0) {
        throw reset;
      }
      // A reset after the answer (the server closed with unread request bytes): keep what came.
    }
    return bytes.toByteArray();
  }

  /** One HTTP/1.1 answer: status line, headers, then a body by Content-Length, chunks or EOF. */
  static ParityAnswer parse(byte[] raw) {
    int headEnd = indexOf(raw, 0, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    if (raw.length == 0 || headEnd < 0) {
      return ParityAnswer.of(0, null, raw.length == 0 ? "connection closed without an answer"
          : "incomplete answer: " + new String(raw, StandardCharsets.ISO_8859_1));
    }
    String[] lines = new String(raw, 0, headEnd, StandardCharsets.ISO_8859_1).split("\r\n");
    String[] statusLine = lines[0].split(" ", 3);
    int status = statusLine.length > 1 && statusLine[0].startsWith("HTTP/") ? Integer.parseInt(statusLine[1]) : 0;
    String contentType = null;
    String location = null;
    boolean chunked = false;
    int contentLength = -1;
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String value = lines[i].substring(colon + 1).strip();
      switch (name) {
        case "content-type" -> contentType = value;
        case "location" -> location = value;
        case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
        case "content-length" -> contentLength = Integer.parseInt(value);
        default -> { }
      }
    }
    byte[] rest = Arrays.copyOfRange(raw, headEnd + 4, raw.length);
    byte[] body = chunked ? dechunk(rest)
        : contentLength >= 0 ? Arrays.copyOf(rest, Math.min(contentLength, rest.length)) : rest;
    return ParityAnswer.of(status, contentType, location, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] dechunk(byte[] chunks) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int at = 0;
    while (at < chunks.length) {
      int lineEnd = indexOf(chunks, at, new byte[] {'\r', '\n'});
      if (lineEnd < 0) {
        break;
      }
      String sizeText = new String(chunks, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].strip();
      int size = Integer.parseInt(sizeText, 16);
      at = lineEnd + 2;
      if (size == 0) {
        break;
      }
      body.write(chunks, at, Math.min(size, chunks.length - at));
      at += size + 2;
    }
    return body.toByteArray();
  }

  private static int indexOf(byte[] haystack, int from, byte[] needle) {
    outer:
    for (int i = from; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
