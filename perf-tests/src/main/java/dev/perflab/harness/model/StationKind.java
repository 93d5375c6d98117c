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
   * Infinite server: each customer is served at once, nobody waits. Think time, a fixed network
   * delay, a downstream call whose capacity is not modelled.
   */
  DELAY
}
