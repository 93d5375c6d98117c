package dev.perflab.harness.launch;

import dev.perflab.harness.result.Outcome;
import java.util.Optional;

/**
 * A launch failed; {@link #failure()} says how, with the container's exit state and log. Every launch failure is
 * made here, so here it is classified: the app's (it exited, ran out of memory or never answered) or the lab's
 * ({@link LabFaults}: the engine refused, the run was stopping), which is recorded as such.
 */
public final class CellLaunchException extends Exception {

  private final Outcome.Failed failure;
  private final String labFault;

  public CellLaunchException(Outcome.Failed failure, Throwable cause) {
    super(failure.describe(), cause);
    this.failure = failure;
    // An app that exited or was killed for memory failed on its own, whatever the harness met after.
    boolean appEnded = failure.exitCode() != null || failure.killedForMemory();
    this.labFault = appEnded ? null : LabFaults.of(cause).orElse(null);
    if (labFault != null) {
      LabFaults.record(failure.subject() + ": " + labFault);
    }
  }

  public Outcome.Failed failure() {
    return failure;
  }

  /** Why this failure is the lab's and not the app's, if it is. */
  public Optional<String> labFault() {
    return Optional.ofNullable(labFault);
  }
}
