package dev.perflab.harness.parity;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * One generated hostile request: its kind and the exact bytes sent. Every request carries
 * {@code Host} and {@code Connection: close} (the raw client reads to the end of the connection)
 * and, with a body, its {@code Content-Length}.
 */
record HostileRequest(HostileKind kind, byte[] bytes) {

  static HostileRequest of(HostileKind kind, String method, String target, List<String> headers, byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
        .append("Host: app\r\n").append("Connection: close\r\n");
    headers.forEach(header -> head.append(header).append("\r\n"));
    if (body != null) {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    out.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
    if (body != null) {
      out.writeBytes(body);
    }
    return new HostileRequest(kind, out.toByteArray());
  }

  /** The request as text for a failure message: bytes outside printable ASCII as {@code \xNN}, long runs cut. */
  String describe() {
    StringBuilder text = new StringBuilder();
    for (byte b : bytes) {
      if (b == '\r') {
        continue;
      }
      if (b == '\n' || (b >= 0x20 && b < 0x7f)) {
        text.append((char) b);
      } else {
        text.append("\\x").append(HexFormat.of().toHexDigits(b));
      }
    }
    String all = text.toString().strip();
    return all.length() <= 600 ? all
        : all.substring(0, 400) + " … (" + bytes.length + " bytes in all) … " + all.substring(all.length() - 150);
  }
}
