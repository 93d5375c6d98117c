package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.time.Duration;
import java.util.List;

/**
 * The catalog's {@code load:} section: which cells a perf run drives with the open-model
 * driver, with what request (for apps without a mix of their own), at what fixed rate, and the latency objective capacity is
 * searched against; then which Gatling simulations run against each of them.
 *
 * @param request what the driver sends to an app whose catalog entry has no {@code load.mix}
 * @param warmupRatePerSecond the warm-up's own rate, above the fixed rate: the JIT's thresholds are
 *     counts, so a faster warm-up reaches the fixed rate's steady code sooner
 * @param fixedRateShareOfCapacity null for a fixed rate of {@code fixedRatePerSecond}; else the
 *     capacity is searched first and the fixed rate is this share of it ({@link LoadRates})
 * @param windowSeconds the fixed-rate run's measured time is cut into windows this long; its
 *     headline p99 is the median of the windows' p99s
 */
public record LoadSettings(
    String profile,
    List<String> modes,
    RequestSpec request,
    int warmupSeconds,
    int warmupRatePerSecond,
    int fixedRatePerSecond,
    Double fixedRateShareOfCapacity,
    int measureSeconds,
    int windowSeconds,
    int sloP99Millis,
    int capacityStepSeconds,
    int capacityMaxRatePerSecond,
    int maxConnections,
    List<GatlingScenario> gatling) {

  public LoadSettings {
    required(profile, "profile");
    modes = List.copyOf(required(modes, "modes"));
    required(request, "request");
    gatling = List.copyOf(required(gatling, "gatling"));
    new LoadRates(warmupRatePerSecond, null, fixedRateShareOfCapacity, maxConnections, sloP99Millis,
        capacityMaxRatePerSecond);
    if (windowSeconds <= 0 || measureSeconds % windowSeconds != 0 || measureSeconds / windowSeconds < 3) {
      throw new IllegalArgumentException("load.windowSeconds: " + windowSeconds + " must cut measureSeconds ("
          + measureSeconds + ") into at least 3 whole windows, so that their median means something");
    }
    if (gatling.stream().map(GatlingScenario::name).distinct().count() < gatling.size()) {
      throw new IllegalArgumentException("load.gatling: every entry needs a name of its own, got "
          + gatling.stream().map(GatlingScenario::name).toList());
    }
  }

  /** What the driver sends to {@code app}: its own mix (catalog {@code apps[].load.mix}), else {@link #request()}. */
  public RequestMix requests(App app) {
    return app.load() != null && app.load().mix() != null ? app.load().requests() : RequestMix.single(request);
  }

  /** These settings as {@code cell} is driven: its app's rates and its mode's over the catalog's. */
  public LoadSettings forCell(Cell cell) {
    if (cell.app().load() == null) {
      return this;
    }
    LoadRates own = new LoadRates(warmupRatePerSecond, fixedRatePerSecond, fixedRateShareOfCapacity, maxConnections,
        sloP99Millis, capacityMaxRatePerSecond).overriddenBy(cell.app().load().rates(cell.mode().name()));
    return new LoadSettings(profile, modes, request, warmupSeconds, own.warmupRatePerSecond(),
        own.fixedRatePerSecond() == null ? fixedRatePerSecond : own.fixedRatePerSecond(),
        own.fixedRateShareOfCapacity(), measureSeconds, windowSeconds, own.sloP99Millis(), capacityStepSeconds,
        own.capacityMaxRatePerSecond(), own.maxConnections(), gatling);
  }

  /** Whether the fixed rate follows from the capacity, which is then searched first. */
  public boolean rateFromCapacity() {
    return fixedRateShareOfCapacity != null;
  }

  /** The fixed rate at this share of {@code capacityPerSecond}, rounded: under 1 for a capacity too low to share. */
  public long rateAtShareOf(double capacityPerSecond) {
    return Math.round(fixedRateShareOfCapacity * capacityPerSecond);
  }

  /** These settings with the fixed rate found from the capacity. */
  public LoadSettings withFixedRate(int ratePerSecond) {
    return new LoadSettings(profile, modes, request, warmupSeconds, warmupRatePerSecond, ratePerSecond,
        fixedRateShareOfCapacity, measureSeconds, windowSeconds, sloP99Millis, capacityStepSeconds,
        capacityMaxRatePerSecond, maxConnections, gatling);
  }

  /** Between the warm-up and the fixed rate's measured time: the warm-up's queue drains. */
  public static final Duration SETTLE = Duration.ofSeconds(2);

  public Duration warmup() {
    return Duration.ofSeconds(warmupSeconds);
  }

  /** Where the fixed rate's measured time starts on the container's timeline, in ms. */
  public double measuredFromMillis() {
    return warmup().plus(SETTLE).toMillis();
  }

  public Duration measure() {
    return Duration.ofSeconds(measureSeconds);
  }

  public Duration window() {
    return Duration.ofSeconds(windowSeconds);
  }

  public Duration capacityStep() {
    return Duration.ofSeconds(capacityStepSeconds);
  }

  public long sloP99Micros() {
    return sloP99Millis * 1000L;
  }
}
