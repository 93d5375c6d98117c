package dev.perflab.harness.catalog;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How the load driver treats one app (catalog {@code apps[].load}): what it sends, and the rates
 * and limits sized to the service, over the catalog's {@code load:} values. Every key is required;
 * {@code null} keeps the catalog's value.
 *
 * @param mix the app's own request mix, or null for the catalog's {@code load.request}
 * @param byMode per mode (a load cell is an app in a mode), rates over the app's own; null for none
 */
public record AppLoad(
    List<WeightedRequest> mix,
    Integer warmupRatePerSecond,
    Integer fixedRatePerSecond,
    Double fixedRateShareOfCapacity,
    Integer maxConnections,
    Integer sloP99Millis,
    Integer capacityMaxRatePerSecond,
    Map<String, LoadRates> byMode) {

  public AppLoad {
    mix = mix == null ? null : new RequestMix(mix).mix();
    byMode = byMode == null ? Map.of() : Map.copyOf(new TreeMap<>(byMode));
    // LoadRates checks them.
    new LoadRates(warmupRatePerSecond, fixedRatePerSecond, fixedRateShareOfCapacity, maxConnections, sloP99Millis,
        capacityMaxRatePerSecond);
  }

  /** The app's own rates, for every mode. */
  public LoadRates rates() {
    return new LoadRates(warmupRatePerSecond, fixedRatePerSecond, fixedRateShareOfCapacity, maxConnections,
        sloP99Millis, capacityMaxRatePerSecond);
  }

  /** The app's rates with those of {@code mode} over them. */
  public LoadRates rates(String mode) {
    return rates().overriddenBy(byMode.getOrDefault(mode, LoadRates.NONE));
  }

  /** What the driver sends, or null for the catalog's one request. */
  public RequestMix requests() {
    return mix == null ? null : new RequestMix(mix);
  }
}
