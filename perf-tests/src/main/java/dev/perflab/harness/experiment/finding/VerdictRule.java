package dev.perflab.harness.experiment.finding;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The one rule by which every experiment kind states a study's finding, symmetric between agreeing and
 * disagreeing:
 *
 * <ul>
 *   <li><b>agree</b> when the measured figure and its whole interval sit inside the region the finding claims;
 *   <li><b>disagree</b> when the whole interval sits outside it;
 *   <li><b>inconclusive</b> when the interval straddles an end of the region, when it is not known (one
 *       repetition where the noise between repetitions decides), or when the measurement cannot reach where
 *       the claim lives (a grid that stops short of the study's knee): each says which.
 * </ul>
 *
 * The same rule reads a figure that is a choice among a few places, not a number (which mix is lowest,
 * which service is most utilised): its interval is the set of places the noise leaves possible, and the
 * claim is a set too. A finding made of parts ("at every mix", "on every series", "in each variant") agrees
 * when every part agrees and disagrees when any part disagrees ({@link #every}); a part set aside (a series
 * too flat to rank) leaves the whole inconclusive, never agreeing.
 */
public final class VerdictRule {

  private VerdictRule() {}

  public static Judgement judge(Estimate estimate, Claim claim) {
    if (!estimate.known()) {
      return Judgement.inconclusive("its interval is not known, so it cannot be placed against the claim ("
          + claim.text() + ")");
    }
    if (claim.holds(estimate.lower()) && claim.holds(estimate.upper())) {
      return new Judgement(FindingVerdict.AGREE, "inside the claim (" + claim.text() + ")");
    }
    if (estimate.upper() < claim.lower() || estimate.lower() > claim.upper()) {
      return new Judgement(FindingVerdict.DISAGREE, "outside the claim (" + claim.text() + ")");
    }
    return Judgement.inconclusive("straddles the claim (" + claim.text() + ")");
  }

  /**
   * @param possible the places the measurement leaves possible (the lowest mix and every mix within the
   *     noise of it, say)
   * @param claimed the places the finding holds for
   */
  public static <T> Judgement judge(Set<T> possible, Set<T> claimed, String claimText) {
    if (possible.isEmpty()) {
      return Judgement.inconclusive("nothing was measured to place against the claim (" + claimText + ")");
    }
    if (claimed.containsAll(possible)) {
      return new Judgement(FindingVerdict.AGREE, "inside the claim (" + claimText + ")");
    }
    if (possible.stream().noneMatch(claimed::contains)) {
      return new Judgement(FindingVerdict.DISAGREE, "outside the claim (" + claimText + ")");
    }
    return Judgement.inconclusive("the noise leaves " + possible + " possible, which straddles the claim ("
        + claimText + ")");
  }

  /** A finding that holds of every part: agree if all agree, disagree if any disagrees, else inconclusive. */
  public static FindingVerdict every(Collection<FindingVerdict> parts) {
    if (parts.isEmpty()) {
      return FindingVerdict.INCONCLUSIVE;
    }
    if (parts.contains(FindingVerdict.DISAGREE)) {
      return FindingVerdict.DISAGREE;
    }
    return parts.stream().allMatch(FindingVerdict.AGREE::equals) ? FindingVerdict.AGREE : FindingVerdict.INCONCLUSIVE;
  }

  /** {@link #every} over judgements. */
  public static FindingVerdict everyOf(List<Judgement> parts) {
    return every(parts.stream().map(Judgement::verdict).toList());
  }
}
