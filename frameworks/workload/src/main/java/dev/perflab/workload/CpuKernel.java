package dev.perflab.workload;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * {@code GET /cpu?iterations=N}: SHA-256 applied N times to a fixed seed.
 *
 * <p>Deterministic, allocation-light and impossible to skip (each round needs the previous
 * digest), so the same N costs the same CPU in every framework and gives the same result.
 */
public final class CpuKernel {

  public static final int MIN_ITERATIONS = 1;
  public static final int MAX_ITERATIONS = 1_000_000;
  private static final byte[] SEED = "perflab".getBytes(StandardCharsets.US_ASCII);

  private CpuKernel() {}

  public static CpuResponse run(List<String> iterationsParam) {
    int iterations =
        QueryParameters.boundedInt("iterations", iterationsParam, MIN_ITERATIONS, MAX_ITERATIONS);
    return new CpuResponse(iterations, HexFormat.of().formatHex(digest(iterations)));
  }

  static byte[] digest(int iterations) {
    MessageDigest sha256 = sha256();
    byte[] value = SEED;
    for (int i = 0; i < iterations; i++) {
      value = sha256.digest(value);
    }
    return value;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime must provide SHA-256", e);
    }
  }
}
