package dev.perflab.workload;

import java.util.HexFormat;
import java.util.List;

/**
 * What one request to a service node does, in this order: {@link #digest()} (the CPU work), then
 * a wait of {@link #delayMs}, then the {@link #calls}, each after the previous one answered or, if
 * {@link #parallel}, all at once and joined. The app makes the wait and the calls its framework's
 * way; what the outcomes mean is decided here, so every app answers a failure alike.
 *
 * @param rounds kernel rounds of the work: workUnits × the spec's unitIterations
 * @param calls the calls as made: each with its type set
 */
public record NodePlan(String service, String type, int workUnits, int rounds, int delayMs, boolean parallel,
    List<NodeCall> calls) {

  public NodePlan {
    calls = List.copyOf(calls);
  }

  /** The plan for a request of {@code type} to the node {@code spec} describes ({@code type} must be one it serves). */
  static NodePlan of(NodeSpec spec, String type) {
    NodeType served = spec.types().get(type);
    return new NodePlan(spec.service(), type, served.workUnits(), served.workUnits() * spec.unitIterations(),
        served.delayMs(), served.parallel(), served.calls().stream().map(call -> call.forType(type)).toList());
  }

  /**
   * The CPU work: {@link CpuKernel}'s SHA-256 chained {@link #rounds} times from its seed, in
   * lower-case hex, so a node's digest equals {@code /cpu?iterations=<rounds>}'s result. With no
   * rounds nothing is hashed: the digest is the seed's own bytes, {@code 706572666c6162}
   * ("perflab"), fourteen characters where a hashed one has 64.
   */
  public String digest() {
    return HexFormat.of().formatHex(CpuKernel.digest(rounds));
  }

  /**
   * Nothing when every call answered 2xx; otherwise the 502 of the first failing call in the
   * calls' order, whichever failed first in time. {@code outcomes} are the calls' outcomes in
   * order ({@link NodeCall#check}).
   */
  public void checkAll(List<Integer> outcomes) {
    if (outcomes.size() != calls.size()) {
      throw new IllegalArgumentException(calls.size() + " calls, " + outcomes.size() + " outcomes");
    }
    for (int i = 0; i < calls.size(); i++) {
      calls.get(i).check(outcomes.get(i));
    }
  }

  /** The answer once the calls are checked: every call counts. */
  public NodeResponse answer(String digest) {
    return new NodeResponse(service, type, workUnits, digest, calls.size());
  }
}
