package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The findings a topology experiment can state, each judged per app (one framework's topology against the
 * study's one implementation) on the mean response time of all requests along the mix (the study pooled
 * its two types) and on the measured bottlenecks:
 *
 * <ul>
 *   <li>{@value #FASTER}: agree when one variant is below the other at every mix; disagree when it is above
 *       by more than the noise at some mix; inconclusive otherwise
 *   <li>{@value #FLAT}: agree when the series spans at most the given share of its mean, else disagree
 *   <li>{@value #MINIMUM}: agree when the lowest mix is the given one and both ends are higher; inconclusive
 *       when the given mix is within the noise of the lowest; disagree otherwise
 *   <li>{@value #SWITCHES}: agree when the most utilised service at the mix's first end differs from the one
 *       at its last in each variant named, disagree when it does in none, inconclusive between
 *   <li>{@value #MODEL}: agree when Spearman's r reaches the threshold on every moving series of the
 *       variants not excepted; disagree when one falls short; inconclusive when none moves
 * </ul>
 */
final class TopologyFindings {

  static final String FASTER = "faster-at-every-mix";
  static final String FLAT = "flat-along-the-mix";
  static final String MINIMUM = "minimum-at-mix";
  static final String SWITCHES = "bottleneck-switches";
  static final String MODEL = "model-agrees";
  static final List<String> IDS = List.of(FASTER, FLAT, MINIMUM, SWITCHES, MODEL);

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
        results.add(new FindingResult(claim.id(), claim.claim(), FindingVerdict.INCONCLUSIVE, "nothing was measured"));
      }
    }
    return results;
  }

  private static FindingResult judge(FindingClaim claim, TopologyAnalysis analysis, String app,
      List<TopologySeries> series, List<TopologyBottleneck> bottlenecks) {
    Judged judged = switch (claim.id()) {
      case FASTER -> analysis.fasterAtEveryMix() == null ? unanalysed("fasterAtEveryMix")
          : faster(analysis.fasterAtEveryMix(), all(series, app, analysis.fasterAtEveryMix().faster()),
              all(series, app, analysis.fasterAtEveryMix().slower()));
      case FLAT -> analysis.flatAlongTheMix() == null ? unanalysed("flatAlongTheMix")
          : flat(analysis.flatAlongTheMix(), all(series, app, analysis.flatAlongTheMix().variant()));
      case MINIMUM -> analysis.minimumAtMix() == null ? unanalysed("minimumAtMix")
          : minimum(analysis.minimumAtMix(), all(series, app, analysis.minimumAtMix().variant()));
      case SWITCHES -> analysis.bottleneckSwitches() == null ? unanalysed("bottleneckSwitches")
          : switches(analysis.bottleneckSwitches(), bottlenecks.stream().filter(b -> b.app().equals(app)).toList());
      case MODEL -> analysis.modelAgrees() == null ? unanalysed("modelAgrees")
          : model(analysis.modelAgrees(), series.stream().filter(one -> one.app().equals(app)
              && one.quantity().equals(TopologySeries.RESPONSE) && one.subject().equals(TopologyMixRow.ALL)).toList());
      default -> throw new IllegalArgumentException("a topology experiment cannot state '" + claim.id() + "'");
    };
    return new FindingResult(claim.id(), claim.claim(), judged.verdict(), app + ": " + judged.figure());
  }

  private record Judged(FindingVerdict verdict, String figure) {}

  private static Judged unanalysed(String entry) {
    return new Judged(FindingVerdict.INCONCLUSIVE, "the file's topology.analysis gives no '" + entry + "' entry");
  }

  private static Judged faster(TopologyAnalysis.Faster faster, Optional<TopologySeries> fast,
      Optional<TopologySeries> slow) {
    if (fast.isEmpty() || slow.isEmpty()) {
      return new Judged(FindingVerdict.INCONCLUSIVE, "'" + faster.faster() + "' or '" + faster.slower()
          + "' was not measured");
    }
    int below = 0;
    int aboveBeyondNoise = 0;
    int compared = 0;
    double noise = Math.max(fast.get().noise(), slow.get().noise());
    List<String> ratios = new ArrayList<>();
    for (int i = 0; i < fast.get().mixes().size(); i++) {
      Double a = valueAt(fast.get(), fast.get().mixes().get(i));
      Double b = valueAt(slow.get(), fast.get().mixes().get(i));
      if (a == null || b == null) {
        continue;
      }
      compared++;
      below += a < b ? 1 : 0;
      aboveBeyondNoise += a > b + noise ? 1 : 0;
      ratios.add(mix(fast.get().mixes().get(i)) + ": " + ms(a) + " vs " + ms(b));
    }
    String figure = "mean response time of '" + faster.faster() + "' against '" + faster.slower() + "', below at "
        + below + " of " + compared + " mixes (" + String.join("; ", ratios) + "; noise " + ms(noise) + ")";
    FindingVerdict verdict = compared > 0 && below == compared ? FindingVerdict.AGREE
        : aboveBeyondNoise > 0 ? FindingVerdict.DISAGREE : FindingVerdict.INCONCLUSIVE;
    return new Judged(verdict, figure);
  }

  private static Judged flat(TopologyAnalysis.Flat flat, Optional<TopologySeries> series) {
    List<Double> values = series.map(one -> one.measured().stream().filter(Objects::nonNull).toList())
        .orElse(List.of());
    if (values.size() < 2) {
      return new Judged(FindingVerdict.INCONCLUSIVE, "'" + flat.variant() + "' was measured at fewer than two mixes");
    }
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double span = (max - min) / mean;
    String figure = "'" + flat.variant() + "' spans " + ms(min) + " to " + ms(max) + ", " + percent(span)
        + " of its mean (flat: at most " + percent(flat.maxRelativeRange()) + ")";
    return new Judged(span <= flat.maxRelativeRange() ? FindingVerdict.AGREE : FindingVerdict.DISAGREE, figure);
  }

  private static Judged minimum(TopologyAnalysis.Minimum minimum, Optional<TopologySeries> series) {
    if (series.isEmpty() || series.get().mixes().size() < 3) {
      return new Judged(FindingVerdict.INCONCLUSIVE, "'" + minimum.variant() + "' was measured at fewer than three"
          + " mixes");
    }
    TopologySeries one = series.get();
    Double atMix = valueAt(one, minimum.mix());
    int lowest = -1;
    for (int i = 0; i < one.measured().size(); i++) {
      if (one.measured().get(i) != null && (lowest < 0 || one.measured().get(i) < one.measured().get(lowest))) {
        lowest = i;
      }
    }
    if (atMix == null || lowest < 0) {
      return new Judged(FindingVerdict.INCONCLUSIVE, "'" + minimum.variant() + "' was not measured at "
          + mix(minimum.mix()));
    }
    double low = one.measured().get(lowest);
    Double first = one.measured().getFirst();
    Double last = one.measured().getLast();
    boolean endsHigher = first != null && last != null && first > low && last > low;
    String figure = "'" + minimum.variant() + "' lowest at " + mix(one.mixes().get(lowest)) + " (" + ms(low) + "); at "
        + mix(minimum.mix()) + " " + ms(atMix) + "; ends " + (first == null ? "–" : ms(first)) + " and "
        + (last == null ? "–" : ms(last)) + "; noise " + ms(one.noise());
    FindingVerdict verdict = Math.abs(one.mixes().get(lowest) - minimum.mix()) < 1e-9 && endsHigher
        ? FindingVerdict.AGREE : atMix - low <= one.noise() && endsHigher ? FindingVerdict.INCONCLUSIVE
        : FindingVerdict.DISAGREE;
    return new Judged(verdict, figure);
  }

  private static Judged switches(TopologyAnalysis.Switches switches, List<TopologyBottleneck> bottlenecks) {
    int switched = 0;
    int seen = 0;
    List<String> parts = new ArrayList<>();
    for (String variant : switches.variants()) {
      List<TopologyBottleneck> along = bottlenecks.stream().filter(b -> b.variant().equals(variant)).toList();
      if (along.size() < 2) {
        parts.add("'" + variant + "' not measured at both ends");
        continue;
      }
      seen++;
      boolean switchedHere = !along.getFirst().measured().equals(along.getLast().measured());
      switched += switchedHere ? 1 : 0;
      parts.add("'" + variant + "': " + along.stream().map(b -> mix(b.mix()) + " " + b.measured() + " "
          + percent(b.measuredUtilisation())).collect(Collectors.joining(", ")));
    }
    FindingVerdict verdict = seen == 0 ? FindingVerdict.INCONCLUSIVE : switched == switches.variants().size()
        ? FindingVerdict.AGREE : switched == 0 ? FindingVerdict.DISAGREE : FindingVerdict.INCONCLUSIVE;
    return new Judged(verdict, "most utilised service along the mix, " + String.join("; ", parts));
  }

  private static Judged model(TopologyAnalysis.ModelAgrees agrees, List<TopologySeries> responses) {
    List<String> parts = new ArrayList<>();
    int judgedSeries = 0;
    int shortOf = 0;
    for (TopologySeries series : responses) {
      if (agrees.except().contains(series.variant())) {
        continue;
      }
      if (!series.moves() || series.spearman() == null) {
        parts.add("'" + series.variant() + "' flat (MAE " + ms(series.meanAbsoluteError()) + ")");
        continue;
      }
      judgedSeries++;
      shortOf += series.spearman() < agrees.minSpearman() ? 1 : 0;
      parts.add("'" + series.variant() + "' r = " + String.format(Locale.ROOT, "%.2f", series.spearman()));
    }
    FindingVerdict verdict = judgedSeries == 0 ? FindingVerdict.INCONCLUSIVE
        : shortOf == 0 ? FindingVerdict.AGREE : FindingVerdict.DISAGREE;
    return new Judged(verdict, "Spearman's r of predicted and measured mean response time along the mix: "
        + String.join(", ", parts) + " (the study's threshold " + agrees.minSpearman() + ")");
  }

  /** The series of all requests' mean response time of a variant. */
  private static Optional<TopologySeries> all(List<TopologySeries> series, String app, String variant) {
    return series.stream().filter(one -> one.app().equals(app) && one.variant().equals(variant)
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
