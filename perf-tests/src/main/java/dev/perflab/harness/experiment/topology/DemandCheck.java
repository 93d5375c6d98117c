package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Whether the demands counted before the sweep held through it: each service's work in each mix against what the
 * launch's own demands make of the throughput measured there, U = X·D, with no queueing in it. A series the model
 * misses while this holds near 1 misses in the queueing; one where it drifts misses in the demands (a JVM still
 * speeding up); the compiler's CPU beside it is what neither knows.
 */
final class DemandCheck {

  private DemandCheck() {}

  /** Per app, variant and service, in the series' order; none for points measured before the compiler was read. */
  static List<TopologyDemandCheck> of(TopologyData data, TopologySpec spec,
      Function<String, NodeScheduling> scheduling) {
    Map<String, Map<String, Map<Double, List<Double>>>> ratios = new LinkedHashMap<>();
    Map<String, Map<String, Map<Double, List<Double>>>> compilers = new LinkedHashMap<>();
    Map<String, TopologyServiceRow> firstOfVariant = new LinkedHashMap<>();
    for (TopologyServiceRow row : data.services()) {
      firstOfVariant.putIfAbsent(row.variantKey(), row);
    }
    firstOfVariant.forEach((key, first) -> {
      TopologyVariant variant = spec.variant(first.variant());
      List<Integer> launches = data.services().stream().filter(row -> row.variantKey().equals(key))
          .map(TopologyServiceRow::repetition).distinct().toList();
      for (int launch : launches) {
        List<TopologyDemandRow> demands = data.demands().stream().filter(row -> row.app().equals(first.app())
            && row.variant().equals(variant.name()) && row.repetition() == launch).toList();
        TopologyModel model;
        try {
          model = TopologyModel.of(variant, spec.requestTypes(), demands, 0, scheduling.apply(first.app()));
        } catch (IllegalArgumentException none) {
          continue; // the launch counted no demands: its points say why
        }
        for (TopologyServiceRow row : data.services()) {
          if (!row.variantKey().equals(key) || row.repetition() != launch || row.compilerCores() == null) {
            continue;
          }
          Map<Double, List<Double>> compiler = compilers.computeIfAbsent(key, k -> new LinkedHashMap<>())
              .computeIfAbsent(row.service(), k -> new TreeMap<>());
          compiler.computeIfAbsent(row.mix(), k -> new ArrayList<>()).add(row.compilerCores() / row.quotaCores());
          double[] throughput = throughput(data.mixes(), row, spec.requestTypes());
          Map<Double, List<Double>> ratio = ratios.computeIfAbsent(key, k -> new LinkedHashMap<>())
              .computeIfAbsent(row.service(), k -> new TreeMap<>());
          List<Double> atMix = ratio.computeIfAbsent(row.mix(), k -> new ArrayList<>());
          Double expected = throughput == null ? null : model.utilisationAt(throughput).get(row.service());
          if (expected != null && expected >= TopologyDemandCheck.LEAST_EXPECTED_UTILISATION
              && row.workUtilisation() != null) {
            atMix.add(row.workUtilisation() / expected);
          }
        }
      }
    });
    List<TopologyDemandCheck> checks = new ArrayList<>();
    compilers.forEach((key, byService) -> byService.forEach((service, compilerByMix) -> {
      TopologyServiceRow first = firstOfVariant.get(key);
      Map<Double, List<Double>> ratioByMix = ratios.get(key).get(service);
      List<Double> mixes = new ArrayList<>(compilerByMix.keySet());
      checks.add(new TopologyDemandCheck(first.app(), first.variant(), service, mixes,
          mixes.stream().map(mix -> median(ratioByMix.get(mix))).toList(),
          mixes.stream().map(mix -> median(compilerByMix.get(mix))).toList()));
    }));
    return checks;
  }

  /** Each type's throughput in the row's launch and mix, in the spec's order; null where the mix failed. */
  private static double[] throughput(List<TopologyMixRow> mixes, TopologyServiceRow service, List<String> types) {
    double[] throughput = new double[types.size()];
    for (TopologyMixRow row : mixes) {
      if (row.app().equals(service.app()) && row.variant().equals(service.variant())
          && row.repetition() == service.repetition() && row.mix() != null && row.mix() == service.mix()
          && types.contains(row.requestType())) {
        if (row.failure() != null) {
          return null;
        }
        throughput[types.indexOf(row.requestType())] = row.throughputPerSecond();
      }
    }
    return throughput;
  }

  private static Double median(List<Double> values) {
    return values == null || values.isEmpty() ? null : Distribution.of(values).median();
  }
}
