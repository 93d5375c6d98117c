package dev.perflab.harness.model;

/**
 * One service centre of a queueing network.
 *
 * @param name unique within its network
 * @param kind how it serves
 * @param servers for {@link StationKind#PROCESSOR_SHARING}, how many servers (cores) share the work;
 *     for {@link StationKind#FIRST_COME_FIRST_SERVED}, how many customers are served at once; 1 for a
 *     {@link StationKind#DELAY}, which never queues
 */
public record Station(String name, StationKind kind, int servers) {

  public Station {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a station needs a name");
    }
    if (kind == null) {
      throw new IllegalArgumentException("station " + name + " needs a kind");
    }
    if (servers < 1) {
      throw new IllegalArgumentException("station " + name + " needs at least one server, not " + servers);
    }
    if (kind == StationKind.DELAY && servers != 1) {
      throw new IllegalArgumentException("station " + name + " is a delay (infinite servers): give it 1, not "
          + servers);
    }
  }

  /** A single-server processor-sharing station: one core. */
  public static Station queue(String name) {
    return new Station(name, StationKind.PROCESSOR_SHARING, 1);
  }

  /** A processor-sharing station of {@code servers} cores. */
  public static Station queue(String name, int servers) {
    return new Station(name, StationKind.PROCESSOR_SHARING, servers);
  }

  /** A first-come-first-served station of {@code servers} servers, each serving one customer to the end. */
  public static Station inArrivalOrder(String name, int servers) {
    return new Station(name, StationKind.FIRST_COME_FIRST_SERVED, servers);
  }

  /** An infinite-server station. */
  public static Station delay(String name) {
    return new Station(name, StationKind.DELAY, 1);
  }

  public boolean isDelay() {
    return kind == StationKind.DELAY;
  }
}
