package dev.perflab.harness.experiment.finding;

/**
 * One of the study's findings as the experiment stated it, and what this run measured of it.
 *
 * @param id the finding's id in the experiment file
 * @param claim the study's words, as quoted in the experiment file
 * @param verdict agree, disagree or inconclusive, by {@link VerdictRule}
 * @param why why that verdict: where the figure sits against the claim, or what kept it from deciding
 * @param figure the measured figure the verdict rests on, in a sentence with its numbers and units, and the
 *     study's own figure with its source where the finding has one
 */
public record FindingResult(String id, String claim, FindingVerdict verdict, String why, String figure) {

  public static FindingResult of(FindingClaim claim, Judgement judgement, String figure) {
    return new FindingResult(claim.id(), claim.claim(), judgement.verdict(), judgement.why(), figure);
  }
}
