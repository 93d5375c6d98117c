package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClosedNetworkTest {

  @Test
  void theBuilderFillsUnnamedStationsWithZeroDemand() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu", 2)).station(Station.delay("wire"))
        .customerClass("A", 3, 0.1, Map.of("cpu", 0.02)).build();
    assertThat(network.demandSeconds(0, network.stationIndex("wire"))).isZero();
    assertThat(network.withPopulations(7).population(0)).isEqualTo(7);
  }

  @Test
  void whatCannotBeSolvedIsRefusedWithTheReason() {
    assertThatThrownBy(() -> Station.queue("cpu", 0)).hasMessage("station cpu needs at least one server, not 0");
    assertThatThrownBy(() -> new Station("wire", StationKind.DELAY, 4))
        .hasMessage("station wire is a delay (infinite servers): give it 1, not 4");
    assertThatThrownBy(() -> new CustomerClass("A", -1, 0)).hasMessage("class A has a negative population: -1");
    assertThatThrownBy(() -> new CustomerClass("A", 1, Double.NaN))
        .hasMessage("class A needs a finite think time of 0 s or more, not NaN");
    assertThatThrownBy(() -> ClosedNetwork.builder().station(Station.queue("cpu")).station(Station.queue("cpu"))
        .customerClass("A", 1, 0, Map.of("cpu", 0.01)).build()).hasMessage("two of the network's stations are named cpu");
    assertThatThrownBy(() -> ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("A", 1, 0, Map.of("disk", 0.01)).build())
        .hasMessage("class A has a demand at disk, which is not one of the stations [cpu]");
    assertThatThrownBy(() -> ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("A", 1, 0, Map.of("cpu", -0.01)).build())
        .hasMessage("class A at station cpu needs a finite demand of 0 s or more, not -0.01");
    assertThatThrownBy(() -> ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("A", 1, 0, Map.of()).build())
        .hasMessage("class A has neither demand nor think time: its throughput would be infinite");
    assertThatThrownBy(() -> new ClosedNetwork(List.of(Station.queue("cpu")), List.of(new CustomerClass("A", 1, 0)),
        List.of(List.of(0.1, 0.2)))).hasMessage("class A has demands for 2 stations, the network has 1");
    assertThatThrownBy(() -> ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("A", 1, 0, Map.of("cpu", 0.01)).build().withPopulations(1, 2))
        .hasMessage("2 populations for 1 classes");
  }
}
