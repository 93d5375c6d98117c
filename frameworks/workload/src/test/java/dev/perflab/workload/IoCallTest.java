package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class IoCallTest {

  @Test
  void validatesDelay() {
    assertThat(IoCall.delayMs(List.of("0"))).isZero();
    assertThat(IoCall.delayMs(List.of("10000"))).isEqualTo(10_000);
    assertThatThrownBy(() -> IoCall.delayMs(List.of("-1")))
        .hasMessage("query parameter 'delayMs' must be between 0 and 10000, got -1");
  }

  @Test
  void nonSuccessDownstreamIsA502() {
    assertThat(IoCall.answer(5, 200)).isEqualTo(new IoResponse(5, 200));
    assertThatThrownBy(() -> IoCall.answer(5, 503))
        .isInstanceOfSatisfying(DownstreamException.class, e -> {
          assertThat(e.status()).isEqualTo(502);
          assertThat(e.body()).isEqualTo(new ErrorResponse("downstream answered HTTP 503"));
        });
  }
}
