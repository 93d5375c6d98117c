package dev.perflab.harness.experiment.finding;

/**
 * A verdict and why, in words the report prints after the figure: "inside the claim", "outside it",
 * "straddles it", or what kept the figure from deciding (the grid does not reach where the claim lives, a
 * series set aside, too few launches).
 */
public record Judgement(FindingVerdict verdict, String why) {

  public static Judgement inconclusive(String why) {
    return new Judgement(FindingVerdict.INCONCLUSIVE, why);
  }
}
