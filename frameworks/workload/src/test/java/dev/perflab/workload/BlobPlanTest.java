package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BlobPlanTest {

  // `python3 -c "import sys; sys.stdout.buffer.write(bytes(i % 251 for i in range(1000003)))" | sha256sum`
  private static final String SHA256_OF_1_000_003 = "a7c4bea888022868c93104055fd56077cc81fe9eb624820fe2f717f313188782";

  @Test
  void acceptsZeroTo64MiB() {
    assertThat(BlobPlan.of(List.of("0"))).isEqualTo(new BlobPlan(0));
    assertThat(BlobPlan.of(List.of("67108864"))).isEqualTo(new BlobPlan(BlobPlan.MAX_BYTES));
    assertThatThrownBy(() -> new BlobPlan(BlobPlan.MAX_BYTES + 1)).isInstanceOf(IllegalArgumentException.class);
  }

  // The contract's bad inputs (docs/contract-v3.md), each with QueryParameters' text.
  @Test
  void refusesWhatIsNotOneIntegerInRange() {
    assertRefused(null, "missing query parameter 'bytes'");
    assertRefused(List.of(), "missing query parameter 'bytes'");
    assertRefused(List.of("1.5"), "query parameter 'bytes' must be an integer, got '1.5'");
    assertRefused(List.of("abc"), "query parameter 'bytes' must be an integer, got 'abc'");
    assertRefused(List.of("-1"), "query parameter 'bytes' must be between 0 and 67108864, got -1");
    assertRefused(List.of("67108865"), "query parameter 'bytes' must be between 0 and 67108864, got 67108865");
    assertRefused(List.of("1", "2"), "query parameter 'bytes' must be given once, got 2 values");
  }

  @Test
  void countsWholeChunksAndAShortLastOne() {
    assertThat(new BlobPlan(0).chunks()).isZero();
    assertThat(new BlobPlan(1).chunks()).isEqualTo(1);
    assertThat(new BlobPlan(65_536).chunks()).isEqualTo(1);
    assertThat(new BlobPlan(65_537).chunks()).isEqualTo(2);
    assertThat(new BlobPlan(BlobPlan.MAX_BYTES).chunks()).isEqualTo(1_024);
  }

  @Test
  void writesThePatternInChunksThroughOneBuffer() throws Exception {
    RecordingStream out = new RecordingStream();
    new BlobPlan(1_000_003).writeTo(out);
    assertThat(out.sizes).hasSize(16).allMatch(size -> size <= BlobPlan.CHUNK_BYTES);
    assertThat(out.sizes.getLast()).isEqualTo(1_000_003 - 15 * BlobPlan.CHUNK_BYTES);
    assertThat(out.buffers).hasSize(1);
    assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(out.bytes.toByteArray())))
        .isEqualTo(SHA256_OF_1_000_003);
  }

  @Test
  void theLargestBodyNeedsNoMoreThanOneChunkOfMemory() throws Exception {
    RecordingStream out = new RecordingStream();
    out.keepBytes = false;
    new BlobPlan(BlobPlan.MAX_BYTES).writeTo(out);
    assertThat(out.sizes).hasSize(1_024).containsOnly(BlobPlan.CHUNK_BYTES);
    assertThat(out.buffers).singleElement().satisfies(buffer -> assertThat(buffer).hasSize(BlobPlan.CHUNK_BYTES));
  }

  @Test
  void chunksInArraysOfTheirOwnAreTheSameBytes() throws Exception {
    BlobPlan plan = new BlobPlan(2 * BlobPlan.CHUNK_BYTES + 3);
    ByteArrayOutputStream written = new ByteArrayOutputStream();
    plan.writeTo(written);
    ByteArrayOutputStream chunked = new ByteArrayOutputStream();
    for (int i = 0; i < plan.chunks(); i++) {
      chunked.write(plan.chunk(i));
    }
    assertThat(plan.chunk(2)).hasSize(3);
    assertThat(chunked.toByteArray()).isEqualTo(written.toByteArray());
    assertThatThrownBy(() -> plan.chunk(3)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void anEmptyBodyWritesNothing() throws Exception {
    RecordingStream out = new RecordingStream();
    new BlobPlan(0).writeTo(out);
    assertThat(out.sizes).isEmpty();
  }

  private static void assertRefused(List<String> bytesRaw, String error) {
    assertThatThrownBy(() -> BlobPlan.of(bytesRaw)).isInstanceOf(BadRequestException.class).hasMessage(error);
  }

  /** Records every write's size and buffer (by identity), and the bytes unless told not to. */
  private static final class RecordingStream extends OutputStream {
    final List<Integer> sizes = new ArrayList<>();
    final Set<byte[]> buffers = Collections.newSetFromMap(new IdentityHashMap<>());
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean keepBytes = true;

    @Override
    public void write(byte[] buffer, int offset, int length) {
      sizes.add(length);
      buffers.add(buffer);
      if (keepBytes) {
        bytes.write(buffer, offset, length);
      }
    }

    @Override
    public void write(int b) {
      throw new AssertionError("the body is written in chunks, not byte by byte");
    }
  }
}
