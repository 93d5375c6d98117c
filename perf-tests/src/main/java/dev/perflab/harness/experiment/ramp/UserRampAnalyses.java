package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * From a user-ramp experiment's seconds: each ramp's peak (and its CPU, and the quickest second's p50 its pool
 * bound is reckoned from), failure, CPU and memory at the experiment's user counts, each variant's medians over
 * its ramps, and the findings.
 */
final class UserRampAnalyses {

  private static final double CPU_NEAR_LIMIT = 0.9;
  /** A second with fewer answers does not give the quickest p50: the first seconds of a cold JVM have a handful. */
  private static final int FEWEST_ANSWERS_FOR_P50 = 10;
  private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024;

  private UserRampAnalyses() {}

  /**
   * One ramp's figures, before the medians over a variant's ramps.
   *
   * @param relativeCpuAtPeak the container's mean CPU over its limit in the peak's seconds
   * @param lowestP50Millis the lowest p50 of a second with at least {@value #FEWEST_ANSWERS_FOR_P50} answers: a
   *     request's time with nothing queued, what a pool's place is held for
   */
  record Ramp(String variant, double cpuLimitCores, Double peakThroughputPerSecond, Double relativeCpuAtPeak,
      Double lowestP50Millis, Double usersAtFailure, Double secondsToFailure, String endReason, Double secondsToCpu90,
      Map<Integer, RampVariant.AtUsers> atUsers, long generatorLimitedSeconds, Double stubCpuCoresMax,
      List<Double> stubProbesMillis) {}

  /** @param pools each variant's pool, by its name; a variant without one declared is not in it */
  static UserRampReport analyse(UserRampData data, List<Integer> userCounts, UserRampAnalysis analysis,
      List<FindingClaim> claims, Map<String, RampPool> pools) {
    Map<String, List<RampRow>> byRamp = new LinkedHashMap<>();
    Map<String, String> modes = new LinkedHashMap<>();
    data.rows().forEach(row -> byRamp.computeIfAbsent(row.variant() + "#" + row.repetition(), key -> new ArrayList<>())
        .add(row));
    Map<String, List<Ramp>> byVariant = new LinkedHashMap<>();
    Map<String, Integer> failedToStart = new LinkedHashMap<>();
    byRamp.values().forEach(rows -> {
      String variant = rows.getFirst().variant();
      modes.put(variant, rows.getFirst().mode());
      byVariant.computeIfAbsent(variant, key -> new ArrayList<>());
      if (!rows.getFirst().measured()) {
        failedToStart.merge(variant, 1, Integer::sum);
      } else {
        byVariant.get(variant).add(ramp(rows, userCounts));
      }
    });
    Map<String, RampVariant> variants = new LinkedHashMap<>();
    byVariant.forEach((variant, ramps) -> variants.put(variant, variant(variant, modes.get(variant), ramps,
        failedToStart.getOrDefault(variant, 0), userCounts, pools.get(variant))));
    return new UserRampReport(List.copyOf(variants.values()),
        UserRampFindings.judge(claims, byVariant, analysis, variants));
  }

  static Ramp ramp(List<RampRow> rows, List<Integer> userCounts) {
    RampRow last = rows.getLast();
    boolean failed = Boolean.TRUE.equals(last.endedOnLimit());
    Double peak = null;
    int peakFrom = -1;
    for (int i = 0; i + RampVariant.PEAK_SECONDS <= rows.size(); i++) {
      double mean = rows.subList(i, i + RampVariant.PEAK_SECONDS).stream()
          .mapToLong(RampRow::completedPerSecond).average().orElse(0);
      if (peak == null || mean > peak) {
        peak = mean;
        peakFrom = i;
      }
    }
    Double cpuAtPeak = peakFrom < 0 ? null
        : mean(rows.subList(peakFrom, peakFrom + RampVariant.PEAK_SECONDS), RampRow::relativeCpu);
    Double lowestP50 = rows.stream().filter(row -> row.completedPerSecond() >= FEWEST_ANSWERS_FOR_P50)
        .map(RampRow::p50Millis).filter(Objects::nonNull).min(Double::compare).orElse(null);
    Double cpu90 = rows.stream().filter(row -> row.relativeCpu() != null && row.relativeCpu() >= CPU_NEAR_LIMIT)
        .findFirst().map(row -> (double) row.second() + 1).orElse(null);
    Map<Integer, RampVariant.AtUsers> atUsers = new LinkedHashMap<>();
    List<RampRow> plateau = rows.stream().filter(RampRow::onPlateau).toList();
    for (int users : userCounts) {
      if (plateau.size() >= RampVariant.PEAK_SECONDS && plateau.getFirst().users() == users) {
        // The plateau's own count: read over its last seconds, once the JIT has compiled what the load runs.
        atUsers.put(users, atUsers(users, plateau.subList(plateau.size() - RampVariant.PEAK_SECONDS, plateau.size())));
        continue;
      }
      int from = -1;
      for (int i = 0; i < rows.size(); i++) {
        if (rows.get(i).users() >= users) {
          from = i;
          break;
        }
      }
      if (from < 0 || from + RampVariant.PEAK_SECONDS > rows.size()) {
        atUsers.put(users, new RampVariant.AtUsers(users, null, null, null, null));
        continue;
      }
      atUsers.put(users, atUsers(users, rows.subList(from, from + RampVariant.PEAK_SECONDS)));
    }
    return new Ramp(last.variant(), last.cpuLimitCores(), peak, cpuAtPeak, lowestP50,
        failed ? (double) last.users() : null,
        failed ? (double) last.second() + 1 : null, endReason(last), cpu90, atUsers,
        rows.stream().filter(RampRow::generatorLimited).count(),
        rows.stream().map(RampRow::stubCpuCores).filter(Objects::nonNull).max(Double::compare).orElse(null),
        rows.stream().map(RampRow::stubProbeMillis).filter(Objects::nonNull).toList());
  }

  private static RampVariant.AtUsers atUsers(int users, List<RampRow> span) {
    return new RampVariant.AtUsers(users, mean(span, RampRow::relativeCpu),
        mean(span, row -> row.cgroupMemoryBytes() == null ? null : row.cgroupMemoryBytes() / BYTES_PER_MEBIBYTE),
        mean(span, row -> (double) row.completedPerSecond()), mean(span, RampRow::p95Millis));
  }

  /** Why the ramp ended, with its first error and, if the container died, how. */
  private static String endReason(RampRow last) {
    if (last.errorSamples() == null) {
      return last.endReason();
    }
    List<String> lines = last.errorSamples().lines().toList();
    String died = lines.stream().filter(line -> line.contains("died during the ramp")).findFirst()
        .map(line -> "; " + line).orElse("");
    return last.endReason() + "; first error: " + lines.getFirst() + died;
  }

  private static RampVariant variant(String variant, String mode, List<Ramp> ramps, int failedToStart,
      List<Integer> userCounts, RampPool pool) {
    List<RampVariant.AtUsers> atUsers = new ArrayList<>();
    for (int users : userCounts) {
      List<RampVariant.AtUsers> each = ramps.stream().map(ramp -> ramp.atUsers().get(users)).toList();
      atUsers.add(new RampVariant.AtUsers(users, median(each, RampVariant.AtUsers::relativeCpu),
          median(each, RampVariant.AtUsers::cgroupMemoryMebibytes), median(each, RampVariant.AtUsers::throughputPerSecond),
          median(each, RampVariant.AtUsers::p95Millis)));
    }
    List<Double> probes = ramps.stream().flatMap(ramp -> ramp.stubProbesMillis().stream()).toList();
    Double peak = median(ramps, Ramp::peakThroughputPerSecond);
    Double cpuAtPeak = median(ramps, Ramp::relativeCpuAtPeak);
    Double lowestP50 = median(ramps, Ramp::lowestP50Millis);
    Double poolBound = pool == null || pool.size() == null || lowestP50 == null ? null
        : pool.size() * 1000 / lowestP50;
    return new RampVariant(variant, mode, ramps.size(), failedToStart,
        (int) ramps.stream().filter(ramp -> ramp.usersAtFailure() != null).count(),
        ramps.isEmpty() ? null : ramps.getFirst().cpuLimitCores(), peak, cpuAtPeak, lowestP50, pool, poolBound,
        PeakBound.of(peak, cpuAtPeak, poolBound), median(ramps, Ramp::usersAtFailure),
        median(ramps, Ramp::secondsToFailure), ramps.stream().map(Ramp::endReason).toList(),
        median(ramps, Ramp::secondsToCpu90), atUsers, ramps.stream().mapToLong(Ramp::generatorLimitedSeconds).sum(),
        ramps.stream().map(Ramp::stubCpuCoresMax).filter(Objects::nonNull).max(Double::compare).orElse(null),
        probes.isEmpty() ? null : percentile95(probes));
  }

  /** The median of the values the items have; null if none has one. */
  static <T> Double median(List<T> items, Function<T, Double> value) {
    List<Double> values = items.stream().filter(Objects::nonNull).map(value).filter(Objects::nonNull).toList();
    return values.isEmpty() ? null : Distribution.of(values).median();
  }

  private static Double mean(List<RampRow> rows, Function<RampRow, Double> value) {
    List<Double> values = rows.stream().map(value).filter(Objects::nonNull).toList();
    return values.isEmpty() ? null : values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  private static double percentile95(List<Double> values) {
    return new DescriptiveStatistics(values.stream().mapToDouble(Double::doubleValue).toArray()).getPercentile(95);
  }
}
