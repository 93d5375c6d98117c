package dev.perflab.harness.parity;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * A body that is bytes, not text ({@code application/octet-stream}), kept as what identifies it:
 * its length, its SHA-256, and the {@code Content-Length} header it came with (empty when it was
 * sent chunked). Megabytes compare as a few dozen characters, and a report names the difference
 * (a short body, other bytes, another framing) without printing the bytes.
 */
public record BinaryBody(long lengthBytes, String sha256, OptionalLong contentLength) {

  public static BinaryBody of(byte[] body, OptionalLong contentLength) {
    try {
      String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
      return new BinaryBody(body.length, sha256, contentLength);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime must provide SHA-256", e);
    }
  }

  public String describe() {
    return lengthBytes + " bytes, SHA-256 " + sha256 + ", "
        + (contentLength.isPresent() ? "Content-Length " + contentLength.getAsLong() : "no Content-Length (chunked)");
  }
}
