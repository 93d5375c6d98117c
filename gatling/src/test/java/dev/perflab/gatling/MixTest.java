package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MixTest {

  @Test
  void defaultMixIsTheContractsWeights() {
    assertThat(Mix.DEFAULT.percentages()).containsExactly(Map.entry(Endpoint.HELLO, 40.0),
        Map.entry(Endpoint.CPU, 20.0), Map.entry(Endpoint.SORT, 10.0), Map.entry(Endpoint.USERS, 20.0),
        Map.entry(Endpoint.STREAM, 5.0), Map.entry(Endpoint.IO, 5.0));
  }

  @Test
  void weightsBecomePercentagesOfTheEndpointsLeft() {
    Mix mix = Mix.parse("hello:40, cpu:20, sort:10, users:0, stream:0, io:0");
    assertThat(mix.percentages()).containsOnlyKeys(Endpoint.HELLO, Endpoint.CPU, Endpoint.SORT);
    assertThat(mix.percentages().get(Endpoint.HELLO)).isCloseTo(57.142857, within(1e-6));
    assertThat(mix.percentages().values().stream().mapToDouble(Double::doubleValue).sum())
        .isCloseTo(100.0, within(1e-9));
  }

  @Test
  void badMixNamesThePropertyAndTheProblem() {
    assertThatThrownBy(() -> Mix.from(Parameters.of(Map.of("mix", "hello:40,fib:10"))))
        .hasMessage("system property perflab.mix='hello:40,fib:10': unknown endpoint 'fib'"
            + " (known: hello, cpu, sort, users, stream, io)");
    assertThatThrownBy(() -> Mix.parse("hello=40")).hasMessage("'hello=40' is not endpoint:weight");
    assertThatThrownBy(() -> Mix.parse("hello:x")).hasMessage("weight 'x' of hello is not an integer");
    assertThatThrownBy(() -> Mix.parse("hello:1,hello:2")).hasMessage("hello is given twice");
    assertThatThrownBy(() -> Mix.parse("hello:-1")).hasMessage("negative weight for hello");
    assertThatThrownBy(() -> Mix.parse("hello:0")).hasMessage("every weight is 0: nothing to send");
  }

  @Test
  void noMixPropertyMeansTheDefault() {
    assertThat(Mix.from(Parameters.of(Map.of()))).isEqualTo(Mix.DEFAULT);
  }
}
