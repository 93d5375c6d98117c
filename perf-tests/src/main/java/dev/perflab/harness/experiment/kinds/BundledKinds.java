package dev.perflab.harness.experiment.kinds;

import dev.perflab.harness.experiment.ExperimentKinds;
import dev.perflab.harness.experiment.autoscaling.AutoscalingSpec;
import dev.perflab.harness.experiment.calibration.GateCalibrationSpec;
import dev.perflab.harness.experiment.coldstart.ColdStartSpec;
import dev.perflab.harness.experiment.grid.LimitsGridSpec;
import dev.perflab.harness.experiment.ramp.UserRampSpec;
import dev.perflab.harness.experiment.replication.ReplicationSpec;
import dev.perflab.harness.experiment.topology.TopologySpec;
import java.util.List;

/** The experiment kinds perflab runs: one entry per kind, its class's {@code KIND}. */
public final class BundledKinds {

  public static final ExperimentKinds ALL = new ExperimentKinds(List.of(LimitsGridSpec.KIND, ColdStartSpec.KIND, UserRampSpec.KIND,
      TopologySpec.KIND, ReplicationSpec.KIND, AutoscalingSpec.KIND, GateCalibrationSpec.KIND));

  private BundledKinds() {}
}
