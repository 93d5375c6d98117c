package dev.perflab.harness.experiment.topology;

import java.util.ArrayList;
import java.util.List;

/**
 * What a topology experiment's points measured so far, in the plan's order: demands, mixes, services, and every
 * replica's seconds.
 */
public record TopologyData(List<TopologyDemandRow> demands, List<TopologyMixRow> mixes,
    List<TopologyServiceRow> services, List<TopologySecondRow> seconds) {

  public static final TopologyData EMPTY = new TopologyData(List.of(), List.of(), List.of(), List.of());

  public TopologyData {
    demands = List.copyOf(demands);
    mixes = List.copyOf(mixes);
    services = List.copyOf(services);
    seconds = List.copyOf(seconds);
  }

  public TopologyData plus(TopologyData more) {
    return new TopologyData(join(demands, more.demands), join(mixes, more.mixes), join(services, more.services),
        join(seconds, more.seconds));
  }

  private static <T> List<T> join(List<T> first, List<T> second) {
    List<T> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}
