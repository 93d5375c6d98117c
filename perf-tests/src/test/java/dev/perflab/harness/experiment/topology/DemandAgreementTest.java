package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When two rounds of a launch's demand counts agree, so that the model may take the last: every service a
 * type costs a work unit (here 0.5 ms) or more moved by at most a tenth of the larger count.
 */
class DemandAgreementTest {

  private static final double UNIT_CPU_MILLIS = 0.5;

  @Test
  void countsWithinATenthAgree() {
    assertThat(DemandCounting.agree(counts(8.0, 10.0), counts(7.3, 10.5), UNIT_CPU_MILLIS)).isTrue();
  }

  @Test
  void aGatewayStillCompilingDoesNotAgree() {
    // The Quarkus gateway of gateway offloading W = 5: 8.0 ms per request after a minute, 3.2 ms later on.
    assertThat(DemandCounting.agree(counts(8.0, 10.0), counts(5.0, 10.0), UNIT_CPU_MILLIS)).isFalse();
  }

  @Test
  void aServiceBelowAUnitIsNotJudgedByItsShare() {
    // A service off the type's path idles at 0.02-0.04 ms per request: double, and still nothing.
    assertThat(DemandCounting.agree(counts(0.02, 10.0), counts(0.04, 10.0), UNIT_CPU_MILLIS)).isTrue();
  }

  @Test
  void aServiceRisingPastAUnitIsJudged() {
    assertThat(DemandCounting.agree(counts(0.3, 10.0), counts(0.9, 10.0), UNIT_CPU_MILLIS)).isFalse();
  }

  @Test
  void everyTypeMustAgree() {
    Map<String, Map<String, Double>> first = Map.of("a", Map.of("gw", 2.0), "b", Map.of("gw", 2.0));
    Map<String, Map<String, Double>> second = Map.of("a", Map.of("gw", 2.0), "b", Map.of("gw", 3.0));

    assertThat(DemandCounting.agree(first, second, UNIT_CPU_MILLIS)).isFalse();
  }

  private static Map<String, Map<String, Double>> counts(double gateway, double service) {
    return Map.of("dashboard", Map.of("gw", gateway, "s1", service));
  }
}
