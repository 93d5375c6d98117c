package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.model.SeriesComparison;
import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A topology experiment's data as series along the mix: per app and variant, each request type's mean
 * response time and each service's utilisation, measured (the median of the repetitions at each mix) beside
 * the model's prediction, compared ({@link SeriesComparison}); the bottleneck at each mix; then the findings.
 */
final class TopologyAnalyses {

  private TopologyAnalyses() {}

  /** @param scheduling per app, how its nodes schedule requests: which solver its model took */
  static TopologyReport analyse(TopologyData data, TopologySpec spec, List<FindingClaim> claims,
      Function<String, NodeScheduling> scheduling) {
    List<TopologySeries> series = new ArrayList<>();
    List<TopologyBottleneck> bottlenecks = new ArrayList<>();
    Map<String, List<TopologyMixRow>> byVariant = group(data.mixes().stream().filter(TopologyMixRow::measured).toList(),
        TopologyMixRow::variantKey);
    Map<String, List<TopologyServiceRow>> servicesByVariant = group(data.services(), TopologyServiceRow::variantKey);
    byVariant.forEach((key, rows) -> {
      String app = rows.getFirst().app();
      TopologyVariant variant = spec.variant(rows.getFirst().variant());
      String solver = TopologyModel.solverFor(variant, scheduling.apply(app));
      List<String> types = new ArrayList<>(List.of(TopologyMixRow.ALL));
      types.addAll(spec.requestTypes());
      for (String type : types) {
        List<TopologyMixRow> ofType = rows.stream().filter(row -> row.requestType().equals(type)).toList();
        series.add(series(app, variant.name(), TopologySeries.RESPONSE, type, solver, ofType, TopologyMixRow::mix,
            TopologyMixRow::meanMillis, TopologyMixRow::predictedResponseMillis));
      }
      List<TopologyServiceRow> services = servicesByVariant.getOrDefault(key, List.of());
      for (TopologyService service : variant.services()) {
        List<TopologyServiceRow> ofService = services.stream().filter(row -> row.service().equals(service.name()))
            .toList();
        series.add(series(app, variant.name(), TopologySeries.UTILISATION, service.name(), solver, ofService,
            TopologyServiceRow::mix, TopologyServiceRow::utilisation, TopologyServiceRow::predictedUtilisation));
      }
      bottlenecks.addAll(bottlenecks(app, variant, series));
    });
    return new TopologyReport(series, bottlenecks, TopologyFindings.judge(claims, spec.analysis(), series,
        bottlenecks), DemandCheck.of(data, spec, scheduling));
  }

  /** One quantity along the mix: the median and spread of its repetitions at each mix, the mean prediction. */
  private static <R> TopologySeries series(String app, String variant, String quantity, String subject, String solver,
      List<R> rows, Function<R, Double> mixOf, Function<R, Double> measuredOf, Function<R, Double> predictedOf) {
    Map<Double, List<R>> byMix = new java.util.TreeMap<>(group(rows, mixOf));
    List<Double> mixes = new ArrayList<>();
    List<Double> measured = new ArrayList<>();
    List<Double> predicted = new ArrayList<>();
    double noise = 0;
    int repetitions = Integer.MAX_VALUE;
    for (Map.Entry<Double, List<R>> mix : byMix.entrySet()) {
      List<Double> values = mix.getValue().stream().map(measuredOf).filter(Objects::nonNull).toList();
      List<Double> predictions = mix.getValue().stream().map(predictedOf).filter(Objects::nonNull).toList();
      mixes.add(mix.getKey());
      if (values.isEmpty()) {
        measured.add(null);
      } else {
        Distribution distribution = Distribution.of(values);
        measured.add(distribution.median());
        noise = Math.max(noise, distribution.max() - distribution.min());
        repetitions = Math.min(repetitions, values.size());
      }
      predicted.add(predictions.isEmpty() ? null : predictions.stream().mapToDouble(Double::doubleValue).average()
          .orElseThrow());
    }
    // Compared where both are known: a type without users at one end of the mix has neither.
    List<Double> predictedBoth = new ArrayList<>();
    List<Double> measuredBoth = new ArrayList<>();
    for (int i = 0; i < mixes.size(); i++) {
      if (predicted.get(i) != null && measured.get(i) != null) {
        predictedBoth.add(predicted.get(i));
        measuredBoth.add(measured.get(i));
      }
    }
    repetitions = repetitions == Integer.MAX_VALUE ? 0 : repetitions;
    if (predictedBoth.isEmpty()) {
      return new TopologySeries(app, variant, quantity, subject, mixes, measured, predicted, noise, repetitions, solver,
          false, null, null, null, null, null);
    }
    SeriesComparison comparison = SeriesComparison.of(predictedBoth, measuredBoth, noise);
    return new TopologySeries(app, variant, quantity, subject, mixes, measured, predicted, noise, repetitions, solver,
        comparison.predictedMovesBeyondNoise(), finite(comparison.spearman()), finite(comparison.meanAbsoluteError()),
        finite(comparison.shapeMeanAbsoluteError()), comparison.pairsApart(), comparison.pairsInOrder());
  }

  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  /** At each mix, the service of the highest measured utilisation, and the model's. */
  private static List<TopologyBottleneck> bottlenecks(String app, TopologyVariant variant,
      List<TopologySeries> series) {
    List<TopologySeries> utilisations = series.stream().filter(one -> one.app().equals(app)
        && one.variant().equals(variant.name()) && one.quantity().equals(TopologySeries.UTILISATION)).toList();
    List<TopologyBottleneck> bottlenecks = new ArrayList<>();
    if (utilisations.isEmpty()) {
      return bottlenecks;
    }
    List<Double> mixes = utilisations.getFirst().mixes();
    for (int i = 0; i < mixes.size(); i++) {
      TopologySeries measured = highest(utilisations, i, TopologySeries::measured);
      TopologySeries predicted = highest(utilisations, i, TopologySeries::predicted);
      if (measured == null) {
        continue;
      }
      bottlenecks.add(new TopologyBottleneck(app, variant.name(), mixes.get(i), measured.subject(),
          measured.measured().get(i), predicted == null ? null : predicted.subject(),
          predicted == null ? null : predicted.predicted().get(i)));
    }
    return bottlenecks;
  }

  private static TopologySeries highest(List<TopologySeries> utilisations, int mix,
      Function<TopologySeries, List<Double>> values) {
    TopologySeries highest = null;
    for (TopologySeries series : utilisations) {
      Double value = mix < values.apply(series).size() ? values.apply(series).get(mix) : null;
      if (value != null && (highest == null || value > values.apply(highest).get(mix))) {
        highest = series;
      }
    }
    return highest;
  }

  private static <R, K> Map<K, List<R>> group(List<R> rows, Function<R, K> key) {
    Map<K, List<R>> groups = new LinkedHashMap<>();
    rows.forEach(row -> groups.computeIfAbsent(key.apply(row), k -> new ArrayList<>()).add(row));
    return groups;
  }
}
