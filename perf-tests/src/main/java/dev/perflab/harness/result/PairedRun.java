package dev.perflab.harness.result;

import java.util.List;

/**
 * How one cell's launches ran in pairs: the plan they were judged by, how many pairs ran, why they
 * stopped, the order inside each pair (drawn at random, so that nothing that favours the first or the
 * second launch of a pair can pass for a change), and how long they took.
 *
 * @param looks the pair counts at which the verdicts were looked at (the last one closed the run
 *     unless a look before it decided them)
 * @param confidences the interval's confidence at each of those looks
 * @param pairs the pairs measured (the discarded launch of each side not counted)
 * @param order per pair, "AB" (A launched first) or "BA"
 * @param minutes the launches' wall time, the discarded ones included
 */
public record PairedRun(List<Integer> looks, List<Double> confidences, int pairs, Stop stop, List<String> order,
    double minutes) {

  /** Why a cell's pairs stopped. */
  public enum Stop {
    /** Every compared metric had its verdict, or had ruled out a change of its threshold. */
    DECIDED,
    /** The most pairs were done, undecided: the verdict is what they say, with the change they could see. */
    MOST_PAIRS,
    /** The time per cell ran out, undecided: judged at the pairs there were, with the change they could see. */
    OUT_OF_TIME,
    /** A launch failed; judged at the pairs there were, if enough. */
    FAILED
  }

  public PairedRun {
    looks = List.copyOf(looks);
    confidences = List.copyOf(confidences);
    order = List.copyOf(order);
  }
}
