package dev.perflab.workload;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;

/**
 * {@code GET /blob?bytes=N}: N bytes of {@link BlobPattern} as {@value #MEDIA_TYPE}, written in
 * chunks of {@link #CHUNK_BYTES}. The point is a large body streamed under a memory limit: an
 * app makes a chunk only once its server has taken the one before, so what it holds of the body
 * is a chunk plus its server's send buffers, whatever N is.
 *
 * <p>An app whose server copies what it is given writes through {@link #writeTo} (one buffer
 * for the whole body); one that hands each chunk over to be sent later takes a fresh array per
 * chunk from {@link #chunk}. Both give the same bytes in the same chunks.
 */
public record BlobPlan(int bytes) {

  public static final int MAX_BYTES = 64 * 1024 * 1024;
  public static final int CHUNK_BYTES = 64 * 1024;
  public static final String MEDIA_TYPE = "application/octet-stream";

  public BlobPlan {
    if (bytes < 0 || bytes > MAX_BYTES) {
      throw new IllegalArgumentException("bytes must be between 0 and " + MAX_BYTES + ", got " + bytes);
    }
  }

  /** From the raw query parameter's values (empty or null when absent), with {@link QueryParameters}' texts. */
  public static BlobPlan of(List<String> bytesRaw) {
    return new BlobPlan(QueryParameters.boundedInt("bytes", bytesRaw, 0, MAX_BYTES));
  }

  /** How many chunks the body has: none for an empty body, the last one possibly short. */
  public int chunks() {
    return (bytes + CHUNK_BYTES - 1) / CHUNK_BYTES;
  }

  /** Chunk {@code index} (from 0) in an array of its own, for a server that sends it later. */
  public byte[] chunk(int index) {
    Objects.checkIndex(index, chunks());
    long offset = (long) index * CHUNK_BYTES;
    byte[] chunk = new byte[(int) Math.min(CHUNK_BYTES, bytes - offset)];
    BlobPattern.fill(chunk, chunk.length, offset);
    return chunk;
  }

  /** The whole body, chunk by chunk through one reused buffer, for a server that copies each write. */
  public void writeTo(OutputStream out) throws IOException {
    byte[] buffer = new byte[Math.min(bytes, CHUNK_BYTES)];
    for (long offset = 0; offset < bytes; offset += CHUNK_BYTES) {
      int length = (int) Math.min(CHUNK_BYTES, bytes - offset);
      BlobPattern.fill(buffer, length, offset);
      out.write(buffer, 0, length);
    }
  }
}
