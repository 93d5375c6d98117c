package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcessMemoryTest {

  @Test
  void vmRssIsInKilobytes() {
    String status = "Name:\tjava\nVmPeak:\t 4000 kB\nVmRSS:\t  123456 kB\nRssAnon:\t 1 kB\n";
    assertThat(ProcessMemory.parseVmRssBytes(status)).isEqualTo(123_456L * 1024);
  }
}
