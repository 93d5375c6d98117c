package dev.perflab.harness.report;

import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.Capacity;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.LoadResult;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/** The summary's load section: latency at the fixed rate, resources under it, capacity at the objective. */
public final class LoadTable {

  private static final double MB = 1_000_000;

  private LoadTable() {}

  public static void append(StringBuilder md, LoadSettings settings, List<CellLoad> loads) {
    List<String> ownMixes = ownMixes(settings, loads);
    md.append(String.format(Locale.ROOT, "## Load%n%n`%s`%s, open model: %s for %d s after a %d s"
            + " warm-up at %s, latency from each request's intended send time (HdrHistogram), driver on the harness CPU. p99: the"
            + " median of the p99s of %d consecutive %d s windows, with their lowest and highest (a stalled second"
            + " moves one window, not the median); the whole run's p99 next to it. Capacity: the"
            + " highest rate whose p99 stays within %d ms with ≤ 1 %% errors (doubling, then bisection to 10 %%, %d s"
            + " steps). CPU and throttling are means over the measured seconds, from the cgroup. Apps may set"
            + " their own rates and objective: those are listed below the table.%n%n",
        settings.request(), ownMixes.isEmpty() ? "" : " (or the app's own request mix, listed below the table)",
        fixedRates(settings, loads), settings.measureSeconds(), settings.warmupSeconds(),
        warmupRates(settings, loads), settings.measureSeconds() / settings.windowSeconds(), settings.windowSeconds(),
        settings.sloP99Millis(), settings.capacityStepSeconds()));
    md.append("| cell | achieved /s | p50 ms | p90 ms | p99 ms | p99 of windows, low–high ms | p99 whole run ms"
        + " | p99.9 ms | max ms | errors | CPU cores | throttled periods | RSS MB peak | capacity /s at p99 ≤ "
        + settings.sloP99Millis() + " ms | driver lag p99 µs |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    double measuredFromMillis = settings.measuredFromMillis();
    for (CellLoad load : loads) {
      if (load.fixedRate() == null) {
        md.append("| ").append(load.cellId()).append(" | ").append(VerdictText.notDriven(load).markdown())
            .append(" |||||||||||||\n");
        continue;
      }
      LoadResult run = load.fixedRate();
      LatencySummary l = run.latency();
      Distribution p99 = run.windowP99Micros();
      md.append(String.format(Locale.ROOT,
          "| %s | %.0f | %.2f | %.2f | %.2f | %.2f–%.2f | %.2f | %.2f | %.1f | %d | %.2f | %.1f %% | %.0f | %s | %d%s |%n",
          load.cellId(), run.achievedRatePerSecond(), l.p50Micros() / 1e3, l.p90Micros() / 1e3, p99.median() / 1e3,
          p99.min() / 1e3, p99.max() / 1e3, l.p99Micros() / 1e3, l.p999Micros() / 1e3, l.maxMicros() / 1e3,
          run.errors(), load.meanCpuCores(measuredFromMillis),
          load.throttledPeriodShare(measuredFromMillis) * 100, load.peakRssBytes() / MB,
          capacity(load.capacity()) + objective(settings, load) + (load.exitedUnderOverload() == null ? ""
              : " (a container died under the search, see below)"),
          run.generatorLag().p99Micros(), run.generatorLimited() ? " **driver-limited: invalid**" : ""));
    }
    List<String> ownSettings = ownSettingsLines(settings, loads);
    if (!ownSettings.isEmpty()) {
      md.append("\nDriven with settings of their own (catalog `apps[].load`, `byMode`), over the ones above:\n\n")
          .append(String.join("\n", ownSettings)).append('\n');
    }
    if (!ownMixes.isEmpty()) {
      md.append("\nDriven with a request mix of their own (catalog `apps[].load.mix`; each request is picked with the"
          + " probability of its weight over the sum, in the same seeded sequence every run):\n\n")
          .append(String.join("\n", ownMixes)).append('\n');
    }
  }

  /** " at p99 ≤ 100 ms" where the cell's objective is its own, else "". */
  public static String objective(LoadSettings catalog, CellLoad load) {
    return load.settings() == null || load.settings().sloP99Millis() == catalog.sloP99Millis() ? ""
        : " at p99 ≤ " + load.settings().sloP99Millis() + " ms";
  }

  /** "1000 requests/s", or the range of the cells' own fixed rates where apps set their own. */
  public static String fixedRates(LoadSettings catalog, List<CellLoad> loads) {
    return rates(catalog.fixedRatePerSecond(), loads, LoadSettings::fixedRatePerSecond, " requests/s");
  }

  /** "5000/s", or the range of the cells' own warm-up rates where apps set their own. */
  public static String warmupRates(LoadSettings catalog, List<CellLoad> loads) {
    return rates(catalog.warmupRatePerSecond(), loads, LoadSettings::warmupRatePerSecond, "/s");
  }

  /**
   * The catalog's rate where every driven cell used it, else the cells' rates: a header states only
   * what holds for every row (each cell's own settings are listed under the table).
   */
  private static String rates(int catalogRate, List<CellLoad> loads, ToIntFunction<LoadSettings> rate, String unit) {
    List<Integer> rates = loads.stream().filter(load -> load.settings() != null && load.fixedRate() != null)
        .map(load -> rate.applyAsInt(load.settings())).distinct().sorted().toList();
    if (rates.isEmpty() || rates.equals(List.of(catalogRate))) {
      return catalogRate + unit;
    }
    return rates.size() == 1 ? rates.getFirst() + unit + " (the app's own)"
        : rates.getFirst() + "–" + rates.getLast() + unit + " (each cell's own)";
  }

  /** The cell's own settings in a few words, or null where they are the catalog's. */
  public static String ownSettings(LoadSettings catalog, CellLoad load) {
    return hasOwnSettings(catalog, load) ? "own settings: " + describe(load.settings(), load.capacity()) : null;
  }

  /** A line per cell whose rates, connections or objective are not the catalog's. */
  private static List<String> ownSettingsLines(LoadSettings catalog, List<CellLoad> loads) {
    return loads.stream()
        .filter(load -> hasOwnSettings(catalog, load))
        .map(load -> "- " + load.cellId() + ": " + describe(load.settings(), load.capacity()))
        .toList();
  }

  private static boolean hasOwnSettings(LoadSettings catalog, CellLoad load) {
    return load.settings() != null && !sameRates(catalog, load.settings());
  }

  private static boolean sameRates(LoadSettings a, LoadSettings b) {
    return a.warmupRatePerSecond() == b.warmupRatePerSecond() && a.fixedRatePerSecond() == b.fixedRatePerSecond()
        && !b.rateFromCapacity() && a.maxConnections() == b.maxConnections() && a.sloP99Millis() == b.sloP99Millis()
        && a.capacityMaxRatePerSecond() == b.capacityMaxRatePerSecond();
  }

  /** "fixed rate 62/s (0.5 of the capacity 125/s), warm-up 50/s, 64 connections, p99 objective 300 ms, ...". */
  static String describe(LoadSettings settings, Capacity capacity) {
    String rate = settings.rateFromCapacity()
        ? String.format(Locale.ROOT, "fixed rate %d/s (%s of the capacity%s, searched first)",
            settings.fixedRatePerSecond(), settings.fixedRateShareOfCapacity(),
            capacity == null ? "" : " " + capacity(capacity) + "/s")
        : "fixed rate " + settings.fixedRatePerSecond() + "/s";
    return String.format(Locale.ROOT, "%s, warm-up %d/s, up to %d connections, capacity at p99 ≤ %d ms searched up"
        + " to %d/s", rate, settings.warmupRatePerSecond(), settings.maxConnections(), settings.sloP99Millis(),
        settings.capacityMaxRatePerSecond());
  }

  /** A line per cell driven with a mix of its own rather than the catalog's one request. */
  private static List<String> ownMixes(LoadSettings settings, List<CellLoad> loads) {
    RequestMix standard = RequestMix.single(settings.request());
    return loads.stream()
        .filter(load -> load.fixedRate() != null && !load.fixedRate().requests().equals(standard))
        .map(load -> "- " + load.cellId() + ": `" + load.fixedRate().requests() + "`")
        .toList();
  }

  /** "12000", "≥ 40000" (the search's ceiling), "≥ 30000 (driver-limited)", or that it was not searched. */
  public static String capacity(Capacity capacity) {
    if (capacity == null) {
      return "not searched (-Dperflab.full=true)";
    }
    String rate = String.format(Locale.ROOT, "%.0f", capacity.ratePerSecond());
    if (capacity.generatorLimited()) {
      return "≥ " + rate + " (driver-limited)";
    }
    return capacity.upperBoundPerSecond() == null ? "≥ " + rate : rate;
  }
}
