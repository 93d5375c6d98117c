package dev.perflab.workload;

import java.util.Objects;

/**
 * The bytes of every {@code /blob} body: byte {@code i} (from 0) has the value {@code i mod 251},
 * so 0, 1, …, 250, 0, 1, … The same N gives the same bytes in every app, and a client can check
 * them without a copy. 251 is prime: no chunk size an app or server picks (a power of two)
 * is a multiple of it, so a chunk sent twice, dropped or shifted changes the bytes that follow.
 *
 * <p>Filling is a copy from a prepared run of the pattern, so producing a chunk costs the same
 * few microseconds in every framework and the measured work is moving bytes, not making them.
 */
public final class BlobPattern {

  /** The pattern repeats every {@value} bytes. */
  public static final int PERIOD_BYTES = 251;

  /** The pattern from position 0, long enough to copy a whole chunk from any start within a period. */
  private static final byte[] RUN = run(BlobPlan.CHUNK_BYTES + PERIOD_BYTES);

  private BlobPattern() {}

  /** The byte at {@code position} of a body. */
  public static byte at(long position) {
    return (byte) (position % PERIOD_BYTES);
  }

  /** Fills {@code buffer[0, length)} with the bytes at positions {@code offset} to {@code offset + length - 1}. */
  public static void fill(byte[] buffer, int length, long offset) {
    Objects.checkFromIndexSize(0, length, buffer.length);
    if (offset < 0) {
      throw new IllegalArgumentException("offset must not be negative, got " + offset);
    }
    for (int done = 0; done < length; ) {
      int start = (int) ((offset + done) % PERIOD_BYTES);
      int size = Math.min(length - done, BlobPlan.CHUNK_BYTES);
      System.arraycopy(RUN, start, buffer, done, size);
      done += size;
    }
  }

  private static byte[] run(int length) {
    byte[] run = new byte[length];
    for (int i = 0; i < length; i++) {
      run[i] = at(i);
    }
    return run;
  }
}
