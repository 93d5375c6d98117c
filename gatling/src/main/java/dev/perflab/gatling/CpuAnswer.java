package dev.perflab.gatling;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The {@code result} that {@code GET /cpu?iterations=N} must return: SHA-256 applied N times to
 * the ASCII seed {@code perflab}, each round hashing the previous digest, as lower-case hex
 * ({@code CpuKernel} in frameworks/workload). Computed here, independently, so the check catches
 * an app that skips or shortens the work.
 */
public final class CpuAnswer {

  private static final byte[] SEED = "perflab".getBytes(StandardCharsets.US_ASCII);

  private CpuAnswer() {}

  public static String hex(int iterations) {
    MessageDigest sha256;
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime must provide SHA-256", e);
    }
    byte[] value = SEED;
    for (int i = 0; i < iterations; i++) {
      value = sha256.digest(value);
    }
    return HexFormat.of().formatHex(value);
  }
}
