package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.StudyFigure;
import dev.perflab.harness.experiment.finding.VerdictRule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * The findings a replication experiment can state, each judged by {@link VerdictRule} on the configurations'
 * runs (a figure's noise is its runs' range; one run has none, and its finding is inconclusive):
 *
 * <ul>
 *   <li>{@value #SPLIT_BETTER}: without replicas the split version's Apdex is above the monolith's and its
 *       effective failure ratio below (both parts must hold);
 *   <li>{@value #MONOLITH_REPLICAS}: the fewest monolith replicas that fully accept the load is the study's count;
 *   <li>{@value #SPLIT_WORKERS}: the fewest workers (one gateway, one rest) that fully accept it is the study's;
 *   <li>{@value #WORKER_PLATEAU}: with only the worker replicated, the share of answers under 800 ms at the most
 *       workers is within {@value #SHARE_TOLERANCE} of the study's;
 *   <li>{@value #REST_RAISES}: replicating the rest as well raises that share;
 *   <li>{@value #SECOND_GATEWAY}: with a second gateway it reaches 100 % as Gatling rounds it (at least
 *       {@value #ALL_UNDER_800}).
 * </ul>
 */
final class ReplicationFindings {

  static final String SPLIT_BETTER = "split-better-without-replicas";
  static final String MONOLITH_REPLICAS = "monolith-full-acceptance-replicas";
  static final String SPLIT_WORKERS = "split-full-acceptance-workers";
  static final String WORKER_PLATEAU = "worker-only-under-800-plateau";
  static final String REST_RAISES = "rest-replicas-raise-under-800";
  static final String SECOND_GATEWAY = "second-gateway-under-800";
  static final List<String> IDS = List.of(SPLIT_BETTER, MONOLITH_REPLICAS, SPLIT_WORKERS, WORKER_PLATEAU,
      REST_RAISES, SECOND_GATEWAY);

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
        case MONOLITH_REPLICAS -> fewest(claim, grid, "monolith replicas", Configuration::isMonolith,
            Configuration::monolith, analysis.monolithFullAcceptanceReplicas());
        case SPLIT_WORKERS -> fewest(claim, grid, "workers (one gateway, one rest)",
            configuration -> !configuration.isMonolith() && configuration.gateway() == 1 && configuration.rest() == 1,
            Configuration::worker, analysis.splitFullAcceptanceWorkers());
        case WORKER_PLATEAU -> workerPlateau(claim, grid, analysis.workerOnlyUnder800Share());
        case REST_RAISES -> restRaises(claim, grid);
        case SECOND_GATEWAY -> secondGateway(claim, grid, analysis.secondGatewayUnder800Share());
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
   * The fewest replicas of a series that fully accept the load, as a set of places: from the fewest any run
   * accepted at to the fewest every run did, or beyond the series' last.
   */
  private static FindingResult fewest(FindingClaim claim, Grid grid, String what, Predicate<Configuration> series,
      ToIntFunction<Configuration> replicas, StudyFigure study) {
    List<Configuration> members = grid.configurations.stream().filter(series)
        .sorted(Comparator.comparingInt(replicas)).toList();
    String target = "; the study: " + study.cited();
    if (members.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("the grid has no such configuration that ran"),
          "–" + target);
    }
    StringBuilder figure = new StringBuilder("full acceptance by ").append(what).append(": ");
    Integer anyRun = null;
    Integer everyRun = null;
    boolean oneRun = false;
    for (Configuration configuration : members) {
      ConfigurationResult result = grid.results.get(configuration.name());
      int count = replicas.applyAsInt(configuration);
      figure.append(count).append(" ").append(result.fullAcceptance()).append(", ");
      oneRun |= result.runs() < 2;
      if (anyRun == null && !result.fullAcceptance().equals(ConfigurationResult.NO_RUN)) {
        anyRun = count;
      }
      if (everyRun == null && result.fullAcceptance().equals(ConfigurationResult.EVERY_RUN)) {
        everyRun = count;
      }
    }
    int last = replicas.applyAsInt(members.getLast());
    String beyond = "more than " + last;
    Set<String> possible = new LinkedHashSet<>();
    for (Configuration configuration : members) {
      int count = replicas.applyAsInt(configuration);
      if (anyRun != null && count >= anyRun && (everyRun == null || count <= everyRun)) {
        possible.add(String.valueOf(count));
      }
    }
    if (everyRun == null) {
      possible.add(beyond);
    }
    String claimed = String.valueOf(Math.round(study.value()));
    String text = figure.substring(0, figure.length() - 2) + "; the fewest: " + possible + target;
    Judgement judgement;
    if (oneRun) {
      judgement = Judgement.inconclusive("a configuration ran once, so the noise between runs is not known");
    } else if (possible.contains(beyond) && last < study.value()) {
      judgement = Judgement.inconclusive("the series stops at " + last + ", short of the study's " + claimed);
    } else {
      judgement = VerdictRule.judge(possible, Set.of(claimed), claimed);
    }
    return FindingResult.of(claim, judgement, text);
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
    StringBuilder figure = new StringBuilder("under 800 ms by workers: ");
    series.forEach(c -> figure.append(c.worker()).append(": ")
        .append(grid.results.get(c.name()).under800Share().described(true)).append(", "));
    Spread last = grid.results.get(series.getLast().name()).under800Share();
    Claim near = new Claim(study.value() - SHARE_TOLERANCE, study.value() + SHARE_TOLERANCE, String.format(
        Locale.ROOT, "%.0f %% to %.0f %% at the most workers", 100 * (study.value() - SHARE_TOLERANCE),
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
    Judgement judgement = VerdictRule.judge(many.under800Share().minus(one.under800Share()),
        new Claim(1e-9, Double.POSITIVE_INFINITY, "a rise"));
    return FindingResult.of(claim, judgement, String.format(Locale.ROOT, "under 800 ms: %s at %s against %s at %s",
        many.under800Share().described(true), many.name(), one.under800Share().described(true), one.name()));
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
        one.under800Share().described(true), one.name(),
        100 * (doubled.under800Share().median() - one.under800Share().median()))).orElse("");
    return FindingResult.of(claim, VerdictRule.judge(doubled.under800Share().estimate(),
        new Claim(ALL_UNDER_800, 1, "at least 99.5 %, 100 % as Gatling rounds")),
        "under 800 ms: " + doubled.under800Share().described(true) + " at " + doubled.name() + step + target);
  }

  /** The configurations of the study's own grid that ran (no fault, reached through HAProxy), with their results. */
  private record Grid(List<Configuration> configurations, Map<String, ConfigurationResult> results) {

    Optional<ConfigurationResult> find(Predicate<Configuration> which) {
      return configurations.stream().filter(which).findFirst().map(c -> results.get(c.name()));
    }
  }
}
