package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.StudyFigure;
import dev.perflab.harness.experiment.finding.VerdictRule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * The findings a replication experiment can state, each judged by {@link VerdictRule} on the configurations'
 * runs (a figure's noise is its runs' range; one run has none, and its finding is inconclusive):
 *
 * <ul>
 *   <li>{@value #SPLIT_BETTER}: without replicas the split version's Apdex is above the monolith's and its
 *       effective failure ratio below (both parts must hold);
 *   <li>{@value #REPLICA_RATIO}: the fewest monolith replicas that fully accept the load over the fewest workers
 *       (one gateway, one rest) that do is the study's ratio (its 8 over its 4). The counts themselves follow from
 *       the rate the file sets by its own rule; their ratio compares the two versions at one load, as the study
 *       did;
 *   <li>{@value #WORKER_PLATEAU}: with only the worker replicated, the share of successful answers under 800 ms at
 *       the most workers is within {@value #SHARE_TOLERANCE} of the study's;
 *   <li>{@value #REST_RAISES}: replicating the rest as well raises that share;
 *   <li>{@value #SECOND_GATEWAY}: with a second gateway it reaches 100 % as Gatling rounds it (at least
 *       {@value #ALL_UNDER_800}).
 * </ul>
 *
 * The shares under 800 ms are of the successful requests, as the study gives them.
 */
final class ReplicationFindings {

  static final String SPLIT_BETTER = "split-better-without-replicas";
  static final String REPLICA_RATIO = "full-acceptance-replica-ratio";
  static final String WORKER_PLATEAU = "worker-only-under-800-plateau";
  static final String REST_RAISES = "rest-replicas-raise-under-800";
  static final String SECOND_GATEWAY = "second-gateway-under-800";
  static final List<String> IDS = List.of(SPLIT_BETTER, REPLICA_RATIO, WORKER_PLATEAU, REST_RAISES, SECOND_GATEWAY);

  /** "Near 75 %" holds within 10 points of it, either way. */
  static final double SHARE_TOLERANCE = 0.10;
  /** Gatling prints whole per cents: 100 % is at least 99.5 %. */
  static final double ALL_UNDER_800 = 0.995;

  private ReplicationFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, List<Configuration> configurations,
      Map<String, ConfigurationResult> results, ReplicationAnalysis analysis) {
    Grid grid = new Grid(configurations.stream().filter(Configuration::plain)
        .filter(configuration -> results.containsKey(configuration.name())
            && results.get(configuration.name()).runs() > 0).toList(), results);
    List<FindingResult> findings = new ArrayList<>();
    for (FindingClaim claim : claims) {
      findings.add(switch (claim.id()) {
        case SPLIT_BETTER -> splitBetter(claim, grid, analysis);
        case REPLICA_RATIO -> replicaRatio(claim, grid, analysis);
        case WORKER_PLATEAU -> workerPlateau(claim, grid, analysis.workerOnlyBelow800MillisShareOfOk());
        case REST_RAISES -> restRaises(claim, grid);
        case SECOND_GATEWAY -> secondGateway(claim, grid, analysis.secondGatewayBelow800MillisShareOfOk());
        default -> throw new IllegalArgumentException("a replication experiment cannot state '" + claim.id() + "'");
      });
    }
    return findings;
  }

  private static FindingResult splitBetter(FindingClaim claim, Grid grid, ReplicationAnalysis analysis) {
    Optional<ConfigurationResult> monolith = grid.find(c -> c.isMonolith() && c.monolith() == 1);
    Optional<ConfigurationResult> split = grid.find(c -> !c.isMonolith() && c.gateway() == 1 && c.worker() == 1
        && c.rest() == 1);
    String study = String.format(Locale.ROOT, "; the study: Apdex %s against %s, effective failures %s against %s",
        analysis.splitApdex().cited(), analysis.monolithApdex().cited(),
        analysis.splitEffectiveFailureRatio().cited(), analysis.monolithEffectiveFailureRatio().cited());
    if (monolith.isEmpty() || split.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("the grid has no monolith x1 or split 1-1-1 that ran"),
          "–" + study);
    }
    ConfigurationResult mon = monolith.get();
    ConfigurationResult msa = split.get();
    Judgement apdex = VerdictRule.judge(msa.apdex().minus(mon.apdex()), new Claim(1e-9, Double.POSITIVE_INFINITY,
        "the split version's Apdex above the monolith's"));
    Judgement failures = VerdictRule.judge(mon.effectiveFailureRatio().minus(msa.effectiveFailureRatio()),
        new Claim(1e-9, Double.POSITIVE_INFINITY, "the split version's effective failure ratio below the monolith's"));
    Judgement both = new Judgement(VerdictRule.everyOf(List.of(apdex, failures)), "Apdex: " + apdex.why()
        + "; effective failures: " + failures.why());
    return FindingResult.of(claim, both, String.format(Locale.ROOT, "Apdex %s (%s) against %s (%s); effective"
        + " failures %s against %s%s", msa.apdex().described(false), msa.name(), mon.apdex().described(false),
        mon.name(), msa.effectiveFailureRatio().described(true), mon.effectiveFailureRatio().described(true), study));
  }

  /**
   * The monolith's fewest replicas at full acceptance over the split version's fewest workers (one gateway, one
   * rest), each a range its runs leave possible, so the ratio is a range too: from the monolith's fewest over the
   * workers' most to the monolith's most over the workers' fewest. A series no configuration of which accepted in
   * every run leaves its side open: where that leaves the study's ratio possible, the grid cannot show it.
   */
  private static FindingResult replicaRatio(FindingClaim claim, Grid grid, ReplicationAnalysis analysis) {
    double ratio = analysis.fullAcceptanceReplicaRatio();
    String study = "; the study: " + analysis.monolithFullAcceptanceReplicas().cited() + " / "
        + analysis.splitFullAcceptanceWorkers().cited() + " = " + number(ratio);
    Optional<Fewest> monolith = Fewest.of(grid, "monolith replicas", Configuration::isMonolith,
        Configuration::monolith);
    Optional<Fewest> workers = Fewest.of(grid, "workers (one gateway, one rest)",
        c -> !c.isMonolith() && c.gateway() == 1 && c.rest() == 1, Configuration::worker);
    if (monolith.isEmpty() || workers.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("the grid has no " + (monolith.isEmpty()
          ? "monolith" : "split version with one gateway and one rest") + " that ran"), "–" + study);
    }
    Fewest mon = monolith.get();
    Fewest msa = workers.get();
    double lower = mon.lowest() / msa.highest();
    double upper = mon.highest() / msa.lowest();
    Claim claimed = new Claim(ratio, ratio, "the study's ratio, " + number(ratio));
    String figure = mon.figure() + "; " + msa.figure() + "; the ratio: " + range(lower, upper) + study;
    Judgement judgement;
    if (mon.oneRun() || msa.oneRun()) {
      judgement = Judgement.inconclusive("a configuration ran once, so the noise between runs is not known");
    } else if ((!mon.reached() || !msa.reached()) && lower <= ratio && ratio <= upper) {
      judgement = Judgement.inconclusive("the grid cannot show the ratio: " + (mon.reached() ? "" : mon.shortOf())
          + (!mon.reached() && !msa.reached() ? " and " : "") + (msa.reached() ? "" : msa.shortOf())
          + ", which leaves " + claimed.text() + " possible");
    } else {
      judgement = VerdictRule.judge(new Estimate(lower, lower, Math.min(upper, Double.MAX_VALUE)), claimed);
    }
    return FindingResult.of(claim, judgement, figure);
  }

  private static String range(double lower, double upper) {
    if (lower == upper) {
      return number(lower);
    }
    if (Double.isInfinite(upper)) {
      return lower == 0 ? "anything" : "at least " + number(lower);
    }
    return lower == 0 ? "at most " + number(upper) : number(lower) + " to " + number(upper);
  }

  /** A count or a ratio of counts: "2", "0.5", "2.25". */
  private static String number(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value)
        : String.format(Locale.ROOT, "%.2f", value).replaceAll("0$", "");
  }

  private static FindingResult workerPlateau(FindingClaim claim, Grid grid, StudyFigure study) {
    List<Configuration> series = grid.configurations.stream()
        .filter(c -> !c.isMonolith() && c.gateway() == 1 && c.rest() == 1)
        .sorted(Comparator.comparingInt(Configuration::worker)).toList();
    String target = "; the study: " + study.cited();
    if (series.size() < 2) {
      return FindingResult.of(claim, Judgement.inconclusive("fewer than two worker counts with one gateway and one"
          + " rest ran, so nothing was scaled"), "–" + target);
    }
    StringBuilder figure = new StringBuilder("under 800 ms (of OK) by workers: ");
    series.forEach(c -> figure.append(c.worker()).append(": ")
        .append(grid.results.get(c.name()).below800MillisShareOfOk().described(true)).append(" (of sent ")
        .append(grid.results.get(c.name()).below800MillisShareOfSent().described(true)).append("), "));
    Spread last = grid.results.get(series.getLast().name()).below800MillisShareOfOk();
    Claim near = new Claim(study.value() - SHARE_TOLERANCE, study.value() + SHARE_TOLERANCE, String.format(
        Locale.ROOT, "%.0f %% to %.0f %% of OK at the most workers", 100 * (study.value() - SHARE_TOLERANCE),
        100 * (study.value() + SHARE_TOLERANCE)));
    return FindingResult.of(claim, VerdictRule.judge(last.estimate(), near),
        figure.substring(0, figure.length() - 2) + target);
  }

  private static FindingResult restRaises(FindingClaim claim, Grid grid) {
    Optional<Configuration> more = grid.configurations.stream()
        .filter(c -> !c.isMonolith() && c.gateway() == 1 && c.rest() > 1)
        .max(Comparator.comparingInt(Configuration::worker).thenComparingInt(Configuration::rest));
    Optional<Configuration> fewer = more.flatMap(m -> grid.configurations.stream()
        .filter(c -> !c.isMonolith() && c.gateway() == 1 && c.worker() == m.worker() && c.rest() == 1).findFirst());
    if (more.isEmpty() || fewer.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("the grid has no pair with one gateway, the same workers"
          + " and one rest against more"), "–");
    }
    ConfigurationResult one = grid.results.get(fewer.get().name());
    ConfigurationResult many = grid.results.get(more.get().name());
    Judgement judgement = VerdictRule.judge(many.below800MillisShareOfOk().minus(one.below800MillisShareOfOk()),
        new Claim(1e-9, Double.POSITIVE_INFINITY, "a rise"));
    return FindingResult.of(claim, judgement, String.format(Locale.ROOT, "under 800 ms (of OK): %s at %s against"
        + " %s at %s", many.below800MillisShareOfOk().described(true), many.name(),
        one.below800MillisShareOfOk().described(true), one.name()));
  }

  private static FindingResult secondGateway(FindingClaim claim, Grid grid, StudyFigure study) {
    Optional<Configuration> two = grid.configurations.stream().filter(c -> !c.isMonolith() && c.gateway() == 2)
        .max(Comparator.comparingInt(Configuration::worker).thenComparingInt(Configuration::rest));
    String target = "; the study: " + study.cited();
    if (two.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("the grid has no split configuration with two gateways"),
          "–" + target);
    }
    ConfigurationResult doubled = grid.results.get(two.get().name());
    Optional<ConfigurationResult> single = grid.find(c -> !c.isMonolith() && c.gateway() == 1
        && c.worker().equals(two.get().worker()) && c.rest().equals(two.get().rest()));
    String step = single.map(one -> String.format(Locale.ROOT, " (%s at %s: a step of %+.1f points)",
        one.below800MillisShareOfOk().described(true), one.name(),
        100 * (doubled.below800MillisShareOfOk().median() - one.below800MillisShareOfOk().median()))).orElse("");
    return FindingResult.of(claim, VerdictRule.judge(doubled.below800MillisShareOfOk().estimate(),
        new Claim(ALL_UNDER_800, 1, "at least 99.5 % of OK, 100 % as Gatling rounds")),
        "under 800 ms (of OK): " + doubled.below800MillisShareOfOk().described(true) + " at " + doubled.name()
            + step + target);
  }

  /** The configurations of the study's own grid that ran (no fault, reached through HAProxy), with their results. */
  private record Grid(List<Configuration> configurations, Map<String, ConfigurationResult> results) {

    Optional<ConfigurationResult> find(Predicate<Configuration> which) {
      return configurations.stream().filter(which).findFirst().map(c -> results.get(c.name()));
    }
  }

  /**
   * The fewest replicas of a series that fully accept the load, as its runs leave it: from the fewest any run
   * accepted at to the fewest every run did. With no configuration that every run accepted the range is open
   * above, from the fewest any run accepted at, or beyond the series' last.
   *
   * @param highest positive infinity when open
   * @param last the series' most replicas
   * @param figure each count's acceptance and the fewest, for the report
   */
  record Fewest(String what, double lowest, double highest, boolean oneRun, int last, String figure) {

    static Optional<Fewest> of(Grid grid, String what, Predicate<Configuration> series,
        ToIntFunction<Configuration> replicas) {
      List<Configuration> members = grid.configurations.stream().filter(series)
          .sorted(Comparator.comparingInt(replicas)).toList();
      if (members.isEmpty()) {
        return Optional.empty();
      }
      Integer anyRun = null;
      Integer everyRun = null;
      boolean oneRun = false;
      List<String> counts = new ArrayList<>();
      for (Configuration configuration : members) {
        ConfigurationResult result = grid.results.get(configuration.name());
        int count = replicas.applyAsInt(configuration);
        counts.add(count + " " + result.fullAcceptance());
        oneRun |= result.runs() < 2;
        if (anyRun == null && !result.fullAcceptance().equals(ConfigurationResult.NO_RUN)) {
          anyRun = count;
        }
        if (everyRun == null && result.fullAcceptance().equals(ConfigurationResult.EVERY_RUN)) {
          everyRun = count;
        }
      }
      int last = replicas.applyAsInt(members.getLast());
      double lowest = anyRun != null ? anyRun : last + 1;
      double highest = everyRun != null ? everyRun : Double.POSITIVE_INFINITY;
      String fewest = lowest == highest ? number(lowest) : Double.isInfinite(highest)
          ? (anyRun == null ? "more than " + last : "at least " + anyRun) : number(lowest) + " to " + number(highest);
      return Optional.of(new Fewest(what, lowest, highest, oneRun, last,
          "full acceptance by " + what + ": " + String.join(", ", counts) + " (the fewest: " + fewest + ")"));
    }

    boolean reached() {
      return Double.isFinite(highest);
    }

    String shortOf() {
      return "the " + what + " stop at " + last + " with no count that every run fully accepted at";
    }
  }
}
