package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlobPatternTest {

  @Test
  void byteIIsIMod251() {
    assertThat(BlobPattern.at(0)).isEqualTo((byte) 0);
    assertThat(BlobPattern.at(250)).isEqualTo((byte) 250);
    assertThat(BlobPattern.at(251)).isEqualTo((byte) 0);
    assertThat(BlobPattern.at(1_000_002)).isEqualTo((byte) (1_000_002 % 251));
  }

  @Test
  void fillsFromAnyOffsetWhatAtGives() {
    for (long offset : new long[] {0, 1, 250, 251, 65_536, 1_000_003, 5_000_000_000L}) {
      byte[] buffer = new byte[700];
      BlobPattern.fill(buffer, buffer.length, offset);
      for (int i = 0; i < buffer.length; i++) {
        assertThat(buffer[i]).as("byte %d from offset %d", i, offset).isEqualTo(BlobPattern.at(offset + i));
      }
    }
  }

  @Test
  void fillsBuffersLongerThanAChunkAndLeavesTheRestAlone() {
    byte[] buffer = new byte[3 * BlobPlan.CHUNK_BYTES + 7];
    buffer[buffer.length - 1] = 42;
    BlobPattern.fill(buffer, buffer.length - 1, 99);
    for (int i = 0; i < buffer.length - 1; i++) {
      assertThat(buffer[i]).isEqualTo(BlobPattern.at(99 + i));
    }
    assertThat(buffer[buffer.length - 1]).isEqualTo((byte) 42);
  }

  @Test
  void refusesALengthOverTheBufferOrANegativeOffset() {
    assertThatThrownBy(() -> BlobPattern.fill(new byte[10], 11, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> BlobPattern.fill(new byte[10], 10, -1))
        .hasMessage("offset must not be negative, got -1");
  }
}
