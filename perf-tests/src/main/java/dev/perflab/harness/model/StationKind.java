package dev.perflab.harness.model;

/** How a station serves the customers in it. */
public enum StationKind {

  /**
   * Processor sharing: the station's servers are shared equally by everyone in it, so n customers at
   * a station of c servers each progress at min(1, c / n) of a server's speed. A CPU under a time
   * slicing scheduler; a multi-core CPU with c servers.
   */
  PROCESSOR_SHARING,

  /**
   * First come, first served: each of the station's c servers takes the customer that has waited
   * longest and serves it to the end, the others wait in line. A pool of c threads that are not
   * time-sliced: Java's virtual threads on c carriers, each running its request's CPU work through.
   * With service times that differ by class it has no product form: {@link Mva} refuses it and the
   * simulation serves it.
   */
  FIRST_COME_FIRST_SERVED,

  /**
   * Infinite server: each customer is served at once, nobody waits. Think time, a fixed network
   * delay, a downstream call whose capacity is not modelled.
   */
  DELAY
}
