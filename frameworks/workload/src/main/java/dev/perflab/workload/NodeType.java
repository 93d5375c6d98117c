package dev.perflab.workload;

import java.util.List;

/**
 * One request type a service node serves (docs/contract-v4.md): its CPU work, then its wait, then
 * its calls, one after another or, if {@code parallel}, all at once.
 *
 * @param workUnits units of {@link NodeSpec#unitIterations()} kernel rounds each
 * @param delayMs a wait, not CPU: a sleep in the blocking apps, a timer in the non-blocking ones
 * @param parallel whether the calls are made all at once and joined, rather than each after the previous answered
 * @param calls the downstream calls, in order; a call's type is null where it takes the incoming type
 */
public record NodeType(int workUnits, int delayMs, boolean parallel, List<NodeCall> calls) {

  public NodeType {
    calls = List.copyOf(calls);
  }
}
