package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;

import io.gatling.javaapi.core.OpenInjectionStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A base arrival rate broken by sudden bursts: {@code quiet} at the base rate, then
 * {@code bursts} times a burst ({@code burstFactor} × base for {@code burst}) followed by
 * {@code quiet} at the base rate again. Both the injection and the phase names come from the
 * same list of phases, so a request's phase is exactly the part of the plan it was sent in.
 */
record SpikePlan(double baseRate, double burstFactor, int bursts, Duration burst, Duration quiet) {

  record Phase(String name, double rate, Duration duration) {}

  List<Phase> phases() {
    List<Phase> phases = new ArrayList<>();
    phases.add(new Phase("base", baseRate, quiet));
    for (int k = 1; k <= bursts; k++) {
      phases.add(new Phase("burst " + k, baseRate * burstFactor, burst));
      phases.add(new Phase("after burst " + k, baseRate, quiet));
    }
    return phases;
  }

  Duration total() {
    return phases().stream().map(Phase::duration).reduce(Duration.ZERO, Duration::plus);
  }

  List<OpenInjectionStep> injection() {
    return phases().stream()
        .<OpenInjectionStep>map(phase -> constantUsersPerSec(phase.rate()).during(phase.duration()))
        .toList();
  }

  /** The phase a request sent at {@code elapsed} belongs to; late answers count in the last one. */
  String phaseAt(Duration elapsed) {
    Duration end = Duration.ZERO;
    List<Phase> phases = phases();
    for (Phase phase : phases) {
      end = end.plus(phase.duration());
      if (elapsed.compareTo(end) < 0) {
        return phase.name();
      }
    }
    return phases.getLast().name();
  }
}
