package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StreamPlanTest {

  @Test
  void boundsEventsAndInterval() {
    assertThat(StreamPlan.of(List.of("1000"), List.of("0"))).isEqualTo(new StreamPlan(1000, 0));
    assertThatThrownBy(() -> StreamPlan.of(List.of("1001"), List.of("0")))
        .hasMessage("query parameter 'events' must be between 1 and 1000, got 1001");
    assertThatThrownBy(() -> StreamPlan.of(List.of("0"), List.of("0")))
        .hasMessage("query parameter 'events' must be between 1 and 1000, got 0");
    assertThatThrownBy(() -> StreamPlan.of(List.of("3"), List.of())).hasMessage("missing query parameter 'intervalMs'");
    assertThatThrownBy(() -> StreamPlan.of(List.of("3"), List.of("10001")))
        .hasMessage("query parameter 'intervalMs' must be between 0 and 10000, got 10001");
  }

  @Test
  void eachTickCarriesItsSequenceAndTheTotal() {
    StreamPlan plan = StreamPlan.of(List.of("3"), List.of("5"));
    assertThat(plan.tick(2)).isEqualTo(new StreamTick(2, 3));
    assertThat(StreamPlan.eventId(2)).isEqualTo("2");
  }
}
