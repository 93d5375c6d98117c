package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuAnswerTest {

  @Test
  void oneIterationIsTheDigestOfTheSeed() {
    // printf perflab | sha256sum
    assertThat(CpuAnswer.hex(1)).isEqualTo("97042919c91c4c88503916cb026c86073aecb9d9ca2966ededd697c262dabb2d");
  }

  @Test
  void eachNextIterationHashesTheBinaryDigestNotItsHex() {
    // printf perflab | sha256sum | xxd -r -p | sha256sum
    assertThat(CpuAnswer.hex(2)).isEqualTo("8a32617e81aaa8221d55fcddcfbde2fafbe0ee72f65254989b22e71e60f1d766");
  }

  @Test
  void matchesWhatTheAppsAnswerForTheMixsIterations() {
    // GET /cpu?iterations=1000 on perflab/quarkus:3.37.3-jvm
    assertThat(CpuAnswer.hex(1000)).isEqualTo("eae49b6655f8a9b7ed04d1c95c89b8bb442165fb7e44181baa9dcff93b1a6c7d");
  }
}
