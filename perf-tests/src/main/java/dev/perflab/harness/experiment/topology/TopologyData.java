package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/**
 * What a topology experiment's points measured so far, in the plan's order: demands, mixes, services, and every
 * replica's seconds.
 */
public record TopologyData(List<TopologyDemandRow> demands, List<TopologyMixRow> mixes,
    List<TopologyServiceRow> services, List<TopologySecondRow> seconds) implements SweepData<TopologyData> {

  public static final TopologyData EMPTY = new TopologyData(List.of(), List.of(), List.of(), List.of());

  public TopologyData {
    demands = List.copyOf(demands);
    mixes = List.copyOf(mixes);
    services = List.copyOf(services);
    seconds = List.copyOf(seconds);
  }

  @Override
  public TopologyData plus(TopologyData more) {
    return new TopologyData(SweepData.join(demands, more.demands), SweepData.join(mixes, more.mixes),
        SweepData.join(services, more.services), SweepData.join(seconds, more.seconds));
  }
}
