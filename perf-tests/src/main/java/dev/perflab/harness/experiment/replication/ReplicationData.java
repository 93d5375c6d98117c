package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/** What a replication experiment's points measured so far, each table in the plan's order. */
public record ReplicationData(List<StepRow> steps, List<ContainerRow> containers, List<ServerRow> servers,
    List<StateChangeRow> stateChanges) implements SweepData<ReplicationData> {

  public static final ReplicationData EMPTY = new ReplicationData(List.of(), List.of(), List.of(), List.of());

  public ReplicationData {
    steps = List.copyOf(steps);
    containers = List.copyOf(containers);
    servers = List.copyOf(servers);
    stateChanges = List.copyOf(stateChanges);
  }

  @Override
  public ReplicationData plus(ReplicationData more) {
    return new ReplicationData(SweepData.join(steps, more.steps), SweepData.join(containers, more.containers),
        SweepData.join(servers, more.servers), SweepData.join(stateChanges, more.stateChanges));
  }
}
