package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.stats.SpearmanRange;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The findings a topology experiment can state, each judged per app (one framework's topology against the
 * study's one implementation) by {@link VerdictRule}, on the mean response time of all requests along the mix
 * (the study pooled its two types) and on each service's utilisation, every figure with the noise of its
 * series (the widest spread of its repetitions at one mix): two values closer than that may stand in either
 * order. A series of one launch has no measured noise: its interval is unknown, and a finding on it inconclusive.
 *
 * <ul>
 *   <li>{@value #FASTER}: at every mix, the slower variant's mean less the faster's above 0 beyond the noise
 *   <li>{@value #FLAT}: the series' span over its mean, widened by the noise, within the given share
 *   <li>{@value #MINIMUM}: the mixes within the noise of the lowest (where the minimum may be) all the study's
 *       mix: agree; none of them: disagree
 *   <li>{@value #SWITCHES}: in each variant named, the services within the noise of the most utilised at the mix's
 *       first end (where the bottleneck may be) none of those at its last: agree; one and the same service at
 *       both: disagree
 *   <li>{@value #MODEL}: on every response-time series the model predicts to move, the variants excepted apart,
 *       Spearman's r over every order of the mixes the noise allows at least the study's threshold; a series set
 *       aside as flat leaves the finding inconclusive
 * </ul>
 */
final class TopologyFindings {

  static final String FASTER = "faster-at-every-mix";
  static final String FLAT = "flat-along-the-mix";
  static final String MINIMUM = "minimum-at-mix";
  static final String SWITCHES = "bottleneck-switches";
  static final String MODEL = "model-agrees";
  static final List<String> IDS = List.of(FASTER, FLAT, MINIMUM, SWITCHES, MODEL);

  static final String ONE_LAUNCH = "one launch: the noise between launches is not measured, so no order of its"
      + " mixes can be told from noise";

  private TopologyFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, TopologyAnalysis analysis, List<TopologySeries> series,
      List<TopologyBottleneck> bottlenecks) {
    Set<String> apps = series.stream().map(TopologySeries::app).collect(Collectors.toCollection(LinkedHashSet::new));
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      for (String app : apps) {
        results.add(judge(claim, analysis, app, series, bottlenecks));
      }
      if (apps.isEmpty()) {
        results.add(FindingResult.of(claim, Judgement.inconclusive("nothing was measured"), "–"));
      }
    }
    return results;
  }

  private static FindingResult judge(FindingClaim claim, TopologyAnalysis analysis, String app,
      List<TopologySeries> series, List<TopologyBottleneck> bottlenecks) {
    List<TopologySeries> ofApp = series.stream().filter(one -> one.app().equals(app)).toList();
    Judged judged = switch (claim.id()) {
      case FASTER -> analysis.fasterAtEveryMix() == null ? unanalysed("fasterAtEveryMix")
          : faster(analysis.fasterAtEveryMix(), all(ofApp, analysis.fasterAtEveryMix().faster()),
              all(ofApp, analysis.fasterAtEveryMix().slower()));
      case FLAT -> analysis.flatAlongTheMix() == null ? unanalysed("flatAlongTheMix")
          : flat(analysis.flatAlongTheMix(), all(ofApp, analysis.flatAlongTheMix().variant()));
      case MINIMUM -> analysis.minimumAtMix() == null ? unanalysed("minimumAtMix")
          : minimum(analysis.minimumAtMix(), all(ofApp, analysis.minimumAtMix().variant()));
      case SWITCHES -> analysis.bottleneckSwitches() == null ? unanalysed("bottleneckSwitches")
          : switches(analysis.bottleneckSwitches(), ofApp,
              bottlenecks.stream().filter(b -> b.app().equals(app)).toList());
      case MODEL -> analysis.modelAgrees() == null ? unanalysed("modelAgrees")
          : model(analysis.modelAgrees(), ofApp.stream().filter(one -> one.quantity().equals(TopologySeries.RESPONSE)
              && one.subject().equals(TopologyMixRow.ALL)).toList());
      default -> throw new IllegalArgumentException("a topology experiment cannot state '" + claim.id() + "'");
    };
    return FindingResult.of(claim, judged.judgement(), app + ": " + judged.figure());
  }

  record Judged(Judgement judgement, String figure) {}

  private static Judged unanalysed(String entry) {
    return new Judged(Judgement.inconclusive("the file's topology.analysis gives no '" + entry + "' entry"), "–");
  }

  static Judged faster(TopologyAnalysis.Faster faster, Optional<TopologySeries> fast, Optional<TopologySeries> slow) {
    if (fast.isEmpty() || slow.isEmpty()) {
      return new Judged(Judgement.inconclusive("'" + faster.faster() + "' or '" + faster.slower()
          + "' was not measured"), "–");
    }
    if (!fast.get().noiseMeasured() || !slow.get().noiseMeasured()) {
      return new Judged(Judgement.inconclusive(ONE_LAUNCH), "'" + faster.faster() + "' and '" + faster.slower()
          + "' at " + fast.get().mixes().size() + " mixes");
    }
    double noise = Math.max(fast.get().noise(), slow.get().noise());
    List<Judgement> parts = new ArrayList<>();
    List<String> pairs = new ArrayList<>();
    for (double mix : fast.get().mixes()) {
      Double a = valueAt(fast.get(), mix);
      Double b = valueAt(slow.get(), mix);
      if (a == null || b == null) {
        continue;
      }
      Judgement part = VerdictRule.judge(Estimate.within(b - a, noise), new Claim(0, Double.POSITIVE_INFINITY,
          "below"));
      parts.add(part);
      pairs.add(mix(mix) + ": " + ms(a) + " vs " + ms(b) + " " + word(part));
    }
    FindingVerdict verdict = VerdictRule.everyOf(parts);
    return new Judged(new Judgement(verdict, parts.isEmpty() ? "no mix has both" : "'" + faster.faster()
        + "' below '" + faster.slower() + "' beyond the noise at " + count(parts, FindingVerdict.AGREE) + " of "
        + parts.size() + " mixes, above it beyond the noise at " + count(parts, FindingVerdict.DISAGREE)),
        "mean response time (" + String.join("; ", pairs) + "; noise " + ms(noise) + ")");
  }

  static Judged flat(TopologyAnalysis.Flat flat, Optional<TopologySeries> series) {
    List<Double> values = series.map(one -> one.measured().stream().filter(java.util.Objects::nonNull).toList())
        .orElse(List.of());
    if (values.size() < 2) {
      return new Judged(Judgement.inconclusive("'" + flat.variant() + "' was measured at fewer than two mixes"), "–");
    }
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double noise = series.get().noise();
    double span = (max - min) / mean;
    Judgement judgement = !series.get().noiseMeasured() ? Judgement.inconclusive(ONE_LAUNCH) : VerdictRule.judge(
        new Estimate(span, Math.max(0, max - min - noise) / mean,
        (max - min + noise) / mean), new Claim(0, flat.maxRelativeRange(), "a span of at most "
            + percent(flat.maxRelativeRange()) + " of its mean"));
    return new Judged(judgement, "'" + flat.variant() + "' spans " + ms(min) + " to " + ms(max) + ", "
        + percent(span) + " of its mean (noise " + ms(noise) + ")");
  }

  static Judged minimum(TopologyAnalysis.Minimum minimum, Optional<TopologySeries> series) {
    double claimed = minimum.mix().value();
    if (series.isEmpty() || series.get().mixes().size() < 3) {
      return new Judged(Judgement.inconclusive("'" + minimum.variant() + "' was measured at fewer than three mixes"),
          "–");
    }
    TopologySeries one = series.get();
    Double atMix = valueAt(one, claimed);
    if (atMix == null) {
      return new Judged(Judgement.inconclusive("'" + minimum.variant() + "' was not measured at " + mix(claimed)),
          "–");
    }
    double low = one.measured().stream().filter(java.util.Objects::nonNull).mapToDouble(Double::doubleValue).min()
        .orElseThrow();
    Set<Double> possible = new TreeSet<>();
    for (int i = 0; i < one.mixes().size(); i++) {
      Double value = one.measured().get(i);
      if (value != null && value - low <= one.noise()) {
        possible.add(one.mixes().get(i));
      }
    }
    Judgement judgement = !one.noiseMeasured() ? Judgement.inconclusive(ONE_LAUNCH)
        : VerdictRule.judge(possible, Set.of(claimed), "lowest at " + mix(claimed) + ", the study's: "
            + minimum.mix().cited());
    List<String> values = new ArrayList<>();
    for (int i = 0; i < one.mixes().size(); i++) {
      values.add(mix(one.mixes().get(i)) + " " + ms(one.measured().get(i)));
    }
    return new Judged(judgement, "'" + minimum.variant() + "' lowest at " + possible.stream().map(TopologyFindings::mix)
        .collect(Collectors.joining(" or ")) + " within the noise of " + ms(one.noise()) + " (" + String.join(", ",
            values) + ")");
  }

  /**
   * Per variant, the services that may be the most utilised at each end of the mix (within the noise of the
   * top, the widest of the variant's utilisation series); the claim holds for every pair of a first-end and a
   * last-end service that differ.
   */
  static Judged switches(TopologyAnalysis.Switches switches, List<TopologySeries> series,
      List<TopologyBottleneck> bottlenecks) {
    List<Judgement> parts = new ArrayList<>();
    List<String> figures = new ArrayList<>();
    for (String variant : switches.variants()) {
      List<TopologySeries> utilisation = series.stream().filter(one -> one.variant().equals(variant)
          && one.quantity().equals(TopologySeries.UTILISATION)).toList();
      if (utilisation.isEmpty() || utilisation.getFirst().mixes().size() < 2) {
        parts.add(Judgement.inconclusive("'" + variant + "' not measured at both ends"));
        figures.add("'" + variant + "' not measured at both ends");
        continue;
      }
      double noise = utilisation.stream().mapToDouble(TopologySeries::noise).max().orElseThrow();
      List<Double> mixes = utilisation.getFirst().mixes();
      Set<String> first = top(utilisation, mixes.getFirst(), noise);
      Set<String> last = top(utilisation, mixes.getLast(), noise);
      Set<List<String>> possible = new LinkedHashSet<>();
      Set<List<String>> differing = new LinkedHashSet<>();
      for (String a : first) {
        for (String b : last) {
          possible.add(List.of(a, b));
          if (!a.equals(b)) {
            differing.add(List.of(a, b));
          }
        }
      }
      Judgement part = first.isEmpty() || last.isEmpty()
          ? Judgement.inconclusive("'" + variant + "' has no utilisation at an end of the mix")
          : utilisation.stream().anyMatch(one -> !one.noiseMeasured()) ? Judgement.inconclusive(ONE_LAUNCH)
          : VerdictRule.judge(possible, differing, "a different service at each end");
      parts.add(part);
      figures.add("'" + variant + "' " + word(part) + ": most utilised " + first + " at " + mix(mixes.getFirst())
          + ", " + last + " at " + mix(mixes.getLast()) + " (noise " + percent(noise) + "); along the mix "
          + bottlenecks.stream().filter(b -> b.variant().equals(variant)).map(b -> mix(b.mix()) + " " + b.measured()
              + " " + percent(b.measuredUtilisation())).collect(Collectors.joining(", ")));
    }
    return new Judged(new Judgement(VerdictRule.everyOf(parts), "must switch in every variant named: "
        + count(parts, FindingVerdict.AGREE) + " of " + parts.size() + " do beyond the noise, "
        + count(parts, FindingVerdict.DISAGREE) + " keep one service"), String.join("; ", figures));
  }

  /** The services whose measured utilisation at {@code mix} is within {@code noise} of the highest. */
  private static Set<String> top(List<TopologySeries> utilisation, double mix, double noise) {
    double highest = utilisation.stream().map(one -> valueAt(one, mix)).filter(java.util.Objects::nonNull)
        .mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    return utilisation.stream().filter(one -> valueAt(one, mix) != null && highest - valueAt(one, mix) <= noise)
        .map(TopologySeries::subject).collect(Collectors.toCollection(TreeSet::new));
  }

  static Judged model(TopologyAnalysis.ModelAgrees agrees, List<TopologySeries> responses) {
    double threshold = agrees.minSpearman().value();
    Claim claim = new Claim(threshold, 1, "r at least " + threshold);
    List<Judgement> parts = new ArrayList<>();
    List<String> figures = new ArrayList<>();
    int aside = 0;
    for (TopologySeries series : responses) {
      if (agrees.except().contains(series.variant())) {
        continue;
      }
      if (!series.moves() || series.spearman() == null) {
        aside++;
        parts.add(Judgement.inconclusive("'" + series.variant() + "' set aside: the model predicts it flat within the"
            + " noise, so its ranks say nothing"));
        figures.add("'" + series.variant() + "' set aside as flat (MAE " + ms(series.meanAbsoluteError()) + ")");
        continue;
      }
      Estimate r = series.noiseMeasured() ? spearman(series) : Estimate.unknown(series.spearman());
      Judgement part = VerdictRule.judge(r, claim);
      parts.add(part);
      figures.add(!r.known() ? String.format(Locale.ROOT, "'%s' r = %.2f from one launch %s", series.variant(),
          r.value(), word(part)) : String.format(Locale.ROOT,
          "'%s' r = %.2f (%.2f to %.2f over the orders the noise allows) %s", series.variant(), r.value(), r.lower(),
          r.upper(), word(part)));
    }
    String why = parts.isEmpty() ? "no series to judge" : count(parts, FindingVerdict.AGREE) + " of " + parts.size()
        + " series reach it over every order, " + count(parts, FindingVerdict.DISAGREE) + " fall short over every order"
        + (aside == 0 ? "" : ", " + aside + " set aside as flat (a set-aside series leaves the finding inconclusive)");
    return new Judged(new Judgement(VerdictRule.everyOf(parts), why), "Spearman's r of predicted and measured mean"
        + " response time along the mix: " + String.join(", ", figures) + "; the study's threshold "
        + agrees.minSpearman().cited());
  }

  /** The series' r, and its range over the orders of the mixes its noise allows ({@link SpearmanRange}). */
  static Estimate spearman(TopologySeries series) {
    List<Double> predicted = new ArrayList<>();
    List<Double> measured = new ArrayList<>();
    for (int i = 0; i < series.mixes().size(); i++) {
      if (series.predicted().get(i) != null && series.measured().get(i) != null) {
        predicted.add(series.predicted().get(i));
        measured.add(series.measured().get(i));
      }
    }
    double r = series.spearman();
    if (predicted.size() > SpearmanRange.MAX_POINTS) {
      return Estimate.unknown(r);
    }
    SpearmanRange range = SpearmanRange.of(predicted.stream().mapToDouble(Double::doubleValue).toArray(),
        measured.stream().mapToDouble(Double::doubleValue).toArray(), series.noise());
    return new Estimate(r, Math.min(r, range.lower()), Math.max(r, range.upper()));
  }

  /** The series of all requests' mean response time of a variant. */
  private static Optional<TopologySeries> all(List<TopologySeries> series, String variant) {
    return series.stream().filter(one -> one.variant().equals(variant)
        && one.quantity().equals(TopologySeries.RESPONSE) && one.subject().equals(TopologyMixRow.ALL)).findFirst();
  }

  private static Double valueAt(TopologySeries series, double mix) {
    for (int i = 0; i < series.mixes().size(); i++) {
      if (Math.abs(series.mixes().get(i) - mix) < 1e-9) {
        return series.measured().get(i);
      }
    }
    return null;
  }

  private static long count(List<Judgement> parts, FindingVerdict verdict) {
    return parts.stream().filter(part -> part.verdict() == verdict).count();
  }

  private static String word(Judgement judgement) {
    return "(" + judgement.verdict().name().toLowerCase(Locale.ROOT) + ")";
  }

  /** Milliseconds as the summary's tables write them ({@link TopologySummary#num}), with the unit. */
  static String ms(Double millis) {
    return millis == null ? "–" : TopologySummary.num(millis) + " ms";
  }

  static String mix(double mix) {
    return String.format(Locale.ROOT, "p=%.1f", mix);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
  }
}
