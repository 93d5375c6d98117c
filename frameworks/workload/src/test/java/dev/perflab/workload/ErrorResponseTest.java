package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ErrorResponseTest {

  @Test
  void findsDotSegmentsPlainOrPercentEncoded() {
    for (String path : new String[] {"/hello/../../etc/passwd", "/./hello", "/%2e%2e/hello", "/a/%2E/b", "/a/.%2e/b",
        "/users/.."}) {
      assertThat(ErrorResponse.hasDotSegment(path)).as(path).isTrue();
    }
    for (String path : new String[] {"/hello", "/users/1", "/a.b/c", "/...", "/.hidden", "/%2e%2e%2e", "/"}) {
      assertThat(ErrorResponse.hasDotSegment(path)).as(path).isFalse();
    }
  }
}
