package dev.perflab.harness.budget;

import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.stats.Percent;
import java.util.Locale;

/**
 * How much slower (above 1) or faster this run's machine runs a profile's cells than the machine the
 * budgets were set on: the machine reference's mean now over the figure the budgets file carries for
 * that profile. A time budget is judged at the budget times this factor, so the same code passes on a
 * slow day and a regression still fails on a fast one.
 *
 * <p>A factor is trusted only so far. Beyond {@value #MOST} times slower or faster, the machine is too
 * unlike the budgets' for one factor to stand for every cell; when the reference's runs leave its
 * mean uncertain by more than {@value #MOST_STANDARD_ERROR} (standard error), the machine was too
 * unsteady to pin its pace. Either way the time verdicts under that profile are advisory: reported,
 * not failing the build, and the summary says so first.
 *
 * @param referenceMillis this run's reference mean under the profile
 * @param budgetsReferenceMillis the reference figure the budgets were set with
 * @param logStandardError the uncertainty of {@code referenceMillis}, as the standard error of its
 *     logarithm (its runs' CV over √n)
 * @param referenceRuns how many reference runs the mean is of
 */
public record MachineFactor(String profile, double referenceMillis, double budgetsReferenceMillis,
    double logStandardError, int referenceRuns) {

  /** Beyond this factor (or its inverse) the budgets' machine is too unlike this one. */
  public static final double MOST = 2.5;
  /** Beyond this, the reference's own spread leaves the pace unknown to more than a budget's headroom allows. */
  public static final double MOST_STANDARD_ERROR = 0.05;

  public static MachineFactor of(ReferenceRuns now, double budgetsReferenceMillis) {
    return new MachineFactor(now.profile(), now.meanMillis(), budgetsReferenceMillis, now.logStandardError(),
        now.wallMillis().size());
  }

  /** 1.52: this machine takes 52 % longer than the budgets' did. */
  public double factor() {
    return referenceMillis / budgetsReferenceMillis;
  }

  /** Why verdicts against this factor are advisory, or null when they count. */
  public String advisoryReason() {
    if (factor() > MOST || factor() < 1 / MOST) {
      return String.format(Locale.ROOT, "under %s this machine ran the reference %.2f times as long as the budgets'"
          + " machine (%.0f ms against %.0f ms), beyond the %.1f times either way one factor is trusted for",
          profile, factor(), referenceMillis, budgetsReferenceMillis, MOST);
    }
    if (logStandardError > MOST_STANDARD_ERROR) {
      return String.format(Locale.ROOT, "under %s the reference's %d runs spread so that their mean is uncertain by"
          + " %s, more than the %s a steady machine allows: its pace changed while it was measured", profile,
          referenceRuns, Percent.of(logStandardError), Percent.of(MOST_STANDARD_ERROR));
    }
    return null;
  }

  public boolean advisory() {
    return advisoryReason() != null;
  }

  /** "×1.52 (812 ms now, 534 ms when the budgets were set)". */
  public String describe() {
    return String.format(Locale.ROOT, "×%.2f (%.0f ms now, %.0f ms when the budgets were set)", factor(),
        referenceMillis, budgetsReferenceMillis);
  }
}
