package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ParametersTest {

  @Test
  void readsOnlyPerflabSystemPropertiesWithoutThePrefix() {
    Properties properties = new Properties();
    properties.setProperty("perflab.rate", "250");
    properties.setProperty("rate", "1");
    assertThat(Parameters.of(properties).positiveDouble("rate", 100)).isEqualTo(250);
  }

  @Test
  void missingRequiredValueNamesTheProperty() {
    assertThatThrownBy(() -> Parameters.of(Map.of()).baseUrl("baseUrl"))
        .hasMessage("missing required system property perflab.baseUrl");
    assertThatThrownBy(() -> Parameters.of(Map.of("outcomeDir", "  ")).string("outcomeDir"))
        .hasMessage("missing required system property perflab.outcomeDir");
  }

  @Test
  void baseUrlMustBeAbsoluteHttpAndLosesItsTrailingSlash() {
    assertThat(Parameters.of(Map.of("baseUrl", "http://localhost:8080/")).baseUrl("baseUrl"))
        .isEqualTo("http://localhost:8080");
    assertThatThrownBy(() -> Parameters.of(Map.of("baseUrl", "localhost:8080")).baseUrl("baseUrl"))
        .hasMessage("system property perflab.baseUrl='localhost:8080' is not an absolute http(s) URL");
  }

  @Test
  void defaultsApplyOnlyWhenTheValueIsAbsent() {
    Parameters none = Parameters.of(Map.of());
    assertThat(none.positiveDouble("rate", 100)).isEqualTo(100);
    assertThat(none.positiveInt("users", 50)).isEqualTo(50);
    assertThat(none.duration("duration", Duration.ofSeconds(30))).isEqualTo(Duration.ofSeconds(30));
    assertThat(none.optionalNonNegativeDouble("assert.p95Millis")).isEmpty();
  }

  @Test
  void badNumbersNameThePropertyAndTheValue() {
    assertThatThrownBy(() -> Parameters.of(Map.of("rate", "fast")).positiveDouble("rate", 100))
        .hasMessage("system property perflab.rate='fast' is not a number > 0");
    assertThatThrownBy(() -> Parameters.of(Map.of("rate", "0")).positiveDouble("rate", 100))
        .hasMessage("system property perflab.rate='0' is not a number > 0");
    assertThatThrownBy(() -> Parameters.of(Map.of("users", "2.5")).positiveInt("users", 50))
        .hasMessage("system property perflab.users='2.5' is not an integer > 0");
    assertThatThrownBy(() -> Parameters.of(Map.of("assert.errorPercent", "-1"))
        .optionalNonNegativeDouble("assert.errorPercent"))
        .hasMessage("system property perflab.assert.errorPercent='-1' is not a number >= 0");
  }

  @Test
  void zeroIsAValidThreshold() {
    assertThat(Parameters.of(Map.of("assert.p95Millis", "0")).optionalNonNegativeDouble("assert.p95Millis"))
        .hasValue(0);
  }

  @Test
  void durationsCarryTheirUnit() {
    Parameters parameters = Parameters.of(Map.of("a", "500ms", "b", "30s", "c", "2m", "d", "0s"));
    assertThat(parameters.duration("a", Duration.ZERO)).isEqualTo(Duration.ofMillis(500));
    assertThat(parameters.duration("b", Duration.ZERO)).isEqualTo(Duration.ofSeconds(30));
    assertThat(parameters.duration("c", Duration.ZERO)).isEqualTo(Duration.ofMinutes(2));
    assertThat(parameters.nonNegativeDuration("d", Duration.ofSeconds(5))).isEqualTo(Duration.ZERO);
    assertThatThrownBy(() -> parameters.duration("d", Duration.ZERO))
        .hasMessage("system property perflab.d='0s' is not a positive duration such as 500ms, 30s or 2m");
    assertThatThrownBy(() -> Parameters.of(Map.of("duration", "30")).duration("duration", Duration.ZERO))
        .hasMessage("system property perflab.duration='30' is not a positive duration such as 500ms, 30s or 2m");
  }

  @Test
  void requiredNumbersHaveNoDefaultAndZeroIsAllowedWhereSaid() {
    Parameters parameters = Parameters.of(Map.of("rampSeconds", "0", "toRate", "2.5", "pauseMillis", "0"));
    assertThat(parameters.nonNegativeInt("rampSeconds")).isZero();
    assertThat(parameters.nonNegativeInt("pauseMillis", 5_000)).isZero();
    assertThat(parameters.nonNegativeInt("constantSeconds", 7)).isEqualTo(7);
    assertThat(parameters.positiveDouble("toRate")).isEqualTo(2.5);
    assertThatThrownBy(() -> parameters.nonNegativeInt("constantSeconds"))
        .hasMessage("missing required system property perflab.constantSeconds");
    assertThatThrownBy(() -> parameters.positiveDouble("fromRate"))
        .hasMessage("missing required system property perflab.fromRate");
    assertThatThrownBy(() -> Parameters.of(Map.of("toRate", "0")).positiveDouble("toRate"))
        .hasMessage("system property perflab.toRate='0' is not a number > 0");
    assertThatThrownBy(() -> Parameters.of(Map.of("pauseMillis", "-5")).nonNegativeInt("pauseMillis", 5_000))
        .hasMessage("system property perflab.pauseMillis='-5' is not an integer >= 0");
  }
}
