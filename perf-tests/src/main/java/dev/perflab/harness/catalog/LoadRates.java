package dev.perflab.harness.catalog;

/**
 * The load settings a service needs of its own, over the catalog's {@code load:} ones: what rate it
 * is warmed up and measured at, with how many connections, against what latency objective and up to
 * what rate its capacity is searched. Every key is required in the file; {@code null} keeps the
 * catalog's value.
 *
 * @param fixedRatePerSecond the measured rate; null for the catalog's, unless
 *     {@code fixedRateShareOfCapacity} is set
 * @param fixedRateShareOfCapacity instead of a fixed rate: the capacity is searched first (in a fresh
 *     container) and the fixed rate is this share of it, so a service whose capacity nobody knows
 *     yet is measured at a rate it sustains
 */
public record LoadRates(
    Integer warmupRatePerSecond,
    Integer fixedRatePerSecond,
    Double fixedRateShareOfCapacity,
    Integer maxConnections,
    Integer sloP99Millis,
    Integer capacityMaxRatePerSecond) {

  public static final LoadRates NONE = new LoadRates(null, null, null, null, null, null);

  public LoadRates {
    positive(warmupRatePerSecond, "warmupRatePerSecond");
    positive(fixedRatePerSecond, "fixedRatePerSecond");
    positive(maxConnections, "maxConnections");
    positive(sloP99Millis, "sloP99Millis");
    positive(capacityMaxRatePerSecond, "capacityMaxRatePerSecond");
    if (fixedRateShareOfCapacity != null && !(fixedRateShareOfCapacity > 0 && fixedRateShareOfCapacity <= 1)) {
      throw new IllegalArgumentException("'fixedRateShareOfCapacity' must be over 0 and at most 1 (0.5: half the"
          + " capacity), got " + fixedRateShareOfCapacity);
    }
    if (fixedRatePerSecond != null && fixedRateShareOfCapacity != null) {
      throw new IllegalArgumentException("give 'fixedRatePerSecond' or 'fixedRateShareOfCapacity', not both (the"
          + " other null)");
    }
  }

  private static void positive(Integer value, String field) {
    if (value != null && value <= 0) {
      throw new IllegalArgumentException("'" + field + "' must be positive or null (the catalog's), got " + value);
    }
  }

  /** These rates with {@code over}'s non-null values in their place. */
  LoadRates overriddenBy(LoadRates over) {
    boolean ownRate = over.fixedRatePerSecond != null || over.fixedRateShareOfCapacity != null;
    return new LoadRates(
        or(over.warmupRatePerSecond, warmupRatePerSecond),
        ownRate ? over.fixedRatePerSecond : fixedRatePerSecond,
        ownRate ? over.fixedRateShareOfCapacity : fixedRateShareOfCapacity,
        or(over.maxConnections, maxConnections),
        or(over.sloP99Millis, sloP99Millis),
        or(over.capacityMaxRatePerSecond, capacityMaxRatePerSecond));
  }

  private static <T> T or(T first, T second) {
    return first != null ? first : second;
  }
}
