package dev.perflab.harness.result;

import java.util.function.Function;

/**
 * One verdict of a run, named as its test is: a cell's launches, a budgeted metric, a load cell, a
 * Gatling run, a build, a comparison. The run's tests assert them one by one, and summary.md opens
 * with those that failed.
 *
 * @param name the test's name, e.g. "quarkus/jvm/1cpu-512m median timeToFirstOkMillis"
 * @param headline one line for the summary's list of failed verdicts (empty when passed)
 * @param detail what the failed test prints: the whole account, log tail included; for a skipped
 *     check, why it was skipped
 */
public record Check(String name, Status status, String headline, String detail) {

  public enum Status {
    PASSED,
    /** Something did not run to the end, or its figures are not valid. */
    FAILED,
    /** It ran, and a figure is over what a person decided it may reach. */
    OVER_BUDGET,
    /** Neither passed nor failed: it cannot run here (unavailable) or does not apply. */
    SKIPPED,
    /**
     * Judged, but on a machine too unlike the one its budget was set on (or too unsteady) for the
     * verdict to count: reported, and not failing the build.
     */
    ADVISORY
  }

  public static Check passed(String name) {
    return new Check(name, Status.PASSED, "", "");
  }

  public static Check failed(String name, String headline, String detail) {
    return new Check(name, Status.FAILED, headline, detail);
  }

  public static Check overBudget(String name, String headline, String detail) {
    return new Check(name, Status.OVER_BUDGET, headline, detail);
  }

  public static Check skipped(String name, String why) {
    return new Check(name, Status.SKIPPED, "", why);
  }

  /**
   * @param why why the verdict cannot count here, e.g. the machine factor's
   * @param verdict what it would have said
   */
  public static Check advisory(String name, String why, String verdict) {
    return new Check(name, Status.ADVISORY, why, "advisory (" + why + "): " + verdict);
  }

  /**
   * The verdict on how something ended: passed when measured, skipped when unavailable here,
   * failed (with {@code headline} of the failure, and its whole account) otherwise.
   */
  public static Check of(String name, Outcome outcome, Function<Outcome.Failed, String> headline) {
    return switch (outcome) {
      case Outcome.Measured measured -> passed(name);
      case Outcome.Unavailable unavailable -> skipped(name, outcome.summary());
      case Outcome.Failed failed -> failed(name, headline.apply(failed), failed.describe());
    };
  }

  /** A failed or over-budget verdict: what the summary lists first. */
  public boolean broken() {
    return status == Status.FAILED || status == Status.OVER_BUDGET;
  }
}
