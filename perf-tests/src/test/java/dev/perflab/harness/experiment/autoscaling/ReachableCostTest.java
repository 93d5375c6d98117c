package dev.perflab.harness.experiment.autoscaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.experiment.autoscaling.AutoscalingScale.PhaseSpec;
import dev.perflab.harness.experiment.autoscaling.AutoscalingSpec.Prices;
import dev.perflab.harness.experiment.topology.NodeWork;
import dev.perflab.harness.experiment.topology.TopologyService;
import dev.perflab.harness.launch.kubernetes.Autoscaler;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The design's reach, worked by hand: the old design (four services of 0.25 CPU, at most two replicas, two
 * 60 s bursts in 230 s, a 60 s window) cannot show the thesis's "about twice", whatever the apps do.
 */
class ReachableCostTest {

  private static final Prices PRICES = new Prices(0.04656, 0.00511, "the thesis");
  private static final List<TopologyService> FOUR = List.of(service("product"), service("metadata"),
      service("catalog"), service("attribute"));
  private static final List<PhaseSpec> OLD_BURSTS = List.of(new PhaseSpec("baseline", 10, 20),
      new PhaseSpec("burst", 60, 60), new PhaseSpec("baseline", 10, 70), new PhaseSpec("burst", 60, 60),
      new PhaseSpec("baseline", 10, 20));

  @Test
  void theOldDesignCannotReachTheClaim() {
    ReachableCost reach = ReachableCost.of(OLD_BURSTS, new Autoscaler.Policy(70, 1, 2, 0, 60), FOUR, PRICES,
        OptionalDouble.of(2.0));
    // Four extra pods (the policy's bound; the node would hold them) for: burst 1 from 35 s to 155 s, burst 2 from
    // 165 s to the end at 230 s: 185 of 230 s.
    assertThat(reach.extraPods()).isEqualTo(4);
    assertThat(reach.burstSeconds()).isEqualTo(185);
    assertThat(reach.ratio()).isCloseTo(1 + 185.0 / 230, within(1e-9));
    assertThat(reach.cannotReach(1.6)).isFalse();
    assertThat(reach.cannotReach(2.0)).as("the thesis's about twice").isTrue();
  }

  @Test
  void theNodeBoundsWhatThePolicyAllows() {
    ReachableCost unbounded = ReachableCost.of(OLD_BURSTS, new Autoscaler.Policy(70, 1, 6, 0, 60), FOUR, PRICES,
        OptionalDouble.empty());
    ReachableCost node = ReachableCost.of(OLD_BURSTS, new Autoscaler.Policy(70, 1, 6, 0, 60), FOUR, PRICES,
        OptionalDouble.of(1.9));
    assertThat(unbounded.extraPods()).isEqualTo(20);
    // 1.9 CPU free: the floor's 1.0, then three more pods of 0.25.
    assertThat(node.extraPods()).isEqualTo(3);
    assertThat(node.ratio()).isCloseTo(1 + 3.0 / 4 * 185 / 230, within(1e-9));
    assertThat(node.describe()).contains("at most 1.60", "3 extra pod(s)", "1.90 CPU free on the node");
  }

  private static TopologyService service(String name) {
    return new TopologyService(name, 0.25, 100, 384, 1, Map.of("t", new NodeWork(1, null, null, null)));
  }
}
