package dev.perflab.harness.launch;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Labels on every container and network the harness creates. Without Ryuk (its image cannot
 * be pulled here) they are how the harness finds and removes its own leftovers, including
 * those of a run that was killed with {@code kill -9}.
 */
public final class LabLabels {

  /** Present on everything the harness creates, whatever the run. */
  public static final String OWNER_KEY = "dev.perflab.harness";
  public static final String OWNER_VALUE = "perflab";
  /** The JVM that made it ({@link RunOwner}): a sweep removes only what a run that no longer runs left. */
  public static final String PROCESS_KEY = "dev.perflab.owner";
  /** Distinguishes this JVM's containers from a concurrent or earlier run's. */
  public static final String RUN_KEY = "dev.perflab.run";
  public static final String CELL_KEY = "dev.perflab.cell";
  /** A container of a set: the set, and its service's replica ("store-2"). */
  public static final String SET_KEY = "dev.perflab.set";
  public static final String REPLICA_KEY = "dev.perflab.replica";
  /** The replica name of a set's balancer: a sweep or a set's filter finds it with the replicas. */
  public static final String BALANCER_REPLICA = "balancer";

  /** This JVM's run id. */
  public static final String RUN_ID = UUID.randomUUID().toString().substring(0, 8);

  private LabLabels() {}

  public static Map<String, String> forRun() {
    return Map.of(OWNER_KEY, OWNER_VALUE, RUN_KEY, RUN_ID, PROCESS_KEY, RunOwner.CURRENT.label());
  }

  public static Map<String, String> forCell(String cellId) {
    return with(CELL_KEY, cellId);
  }

  public static Map<String, String> forReplica(String setId, String replica, String cellId) {
    return with(CELL_KEY, cellId, SET_KEY, setId, REPLICA_KEY, replica);
  }

  /** A set's balancer, which runs no cell. */
  public static Map<String, String> forBalancer(String setId) {
    return with(SET_KEY, setId, REPLICA_KEY, BALANCER_REPLICA);
  }

  /** The run's labels and {@code keysAndValues}. */
  private static Map<String, String> with(String... keysAndValues) {
    Map<String, String> labels = new HashMap<>(forRun());
    for (int i = 0; i < keysAndValues.length; i += 2) {
      labels.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return Map.copyOf(labels);
  }
}
