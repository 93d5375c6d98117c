package dev.perflab.harness.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How an app's service node schedules the CPU work of the requests it holds (catalog
 * {@code apps[].nodeScheduling}), which decides how a topology's model serves it: requests side by side
 * or one after another.
 */
public enum NodeScheduling {

  /**
   * On platform threads the kernel time-slices: every request in the service progresses at once, sharing
   * the CPU (a thread pool as Tomcat's or Quarkus's workers; event loops as Netty's, several of them to a
   * core). The model's station shares its server (processor sharing).
   */
  @JsonProperty("time-sliced") TIME_SLICED,

  /**
   * On virtual threads: the JVM runs them on one carrier thread per processor it counts (one under a CPU
   * quota of a core or less) and does not time-slice them, so each request's work runs through once
   * started, the others waiting in line. The model's station serves first come, first served.
   */
  @JsonProperty("in-arrival-order") IN_ARRIVAL_ORDER
}
