package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.stats.MeanInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * From a cold-start experiment's launches: each variant's times (means with intervals, medians), the
 * lines of time beyond the framework's startup against image size and bytes pulled, and the findings.
 */
final class ColdStartAnalyses {

  static final String IMAGE_SIZE = "imageSize";
  static final String PULLED_BYTES = "pulledBytes";
  private static final double BYTES_PER_MEGABYTE = 1e6;

  private ColdStartAnalyses() {}

  static ColdStartReport analyse(ColdStartData data, ColdStartAnalysis analysis, List<FindingClaim> claims) {
    Map<String, List<ColdStartLaunch>> byVariant = new LinkedHashMap<>();
    data.launches().stream().filter(launch -> !launch.discarded())
        .forEach(launch -> byVariant.computeIfAbsent(launch.variant(), key -> new ArrayList<>()).add(launch));
    List<ColdStartVariant> variants = byVariant.values().stream().map(ColdStartAnalyses::variant).toList();
    List<SizeRegression> regressions = new ArrayList<>();
    for (ImageSource source : ImageSource.values()) {
      List<ColdStartVariant> ofSource = variants.stream()
          .filter(variant -> variant.image() == source && variant.beyondFrameworkMillis() != null).toList();
      if (ofSource.isEmpty()) {
        continue;
      }
      regressions.add(SizeRegression.of(source, IMAGE_SIZE, ofSource.stream().map(variant -> new SizeRegression.Point(
          variant.imageSizeBytes() / BYTES_PER_MEGABYTE, variant.beyondFrameworkMillis().mean())).toList()));
      if (source == ImageSource.PULLED) {
        regressions.add(SizeRegression.of(source, PULLED_BYTES, ofSource.stream().map(variant -> new SizeRegression.Point(
            variant.pulledBytes() / BYTES_PER_MEGABYTE, variant.beyondFrameworkMillis().mean())).toList()));
      }
    }
    return new ColdStartReport(variants, regressions,
        ColdStartFindings.judge(claims, data.launches(), analysis, regressions));
  }

  private static ColdStartVariant variant(List<ColdStartLaunch> launches) {
    ColdStartLaunch first = launches.getFirst();
    List<ColdStartLaunch> counted = launches.stream().filter(ColdStartLaunch::counted).toList();
    List<Long> pulled = counted.stream().map(ColdStartLaunch::pulledBytes).filter(Objects::nonNull).sorted().toList();
    long sizeBytes = counted.isEmpty() ? first.imageSizeBytes() : counted.getLast().imageSizeBytes();
    return new ColdStartVariant(first.app(), first.mode(), first.database(), first.image(), counted.size(),
        launches.size() - counted.size(), sizeBytes, pulled.isEmpty() ? null : pulled.get(pulled.size() / 2),
        interval(counted, launch -> launch.image() == ImageSource.PULLED ? launch.pullMillis() : null),
        interval(counted, ColdStartLaunch::createToStartMillis), interval(counted, ColdStartLaunch::timeToFirstOkMillis),
        interval(counted, ColdStartLaunch::frameworkReportedStartupMillis),
        interval(counted, ColdStartLaunch::zeroToOneMillis), interval(counted, ColdStartLaunch::beyondFrameworkMillis));
  }

  /** Over the launches that have the figure; null if none has. */
  private static MeanInterval interval(List<ColdStartLaunch> launches, Function<ColdStartLaunch, Double> figure) {
    List<Double> values = launches.stream().map(figure).filter(Objects::nonNull).toList();
    return values.isEmpty() ? null : MeanInterval.of(values);
  }
}
