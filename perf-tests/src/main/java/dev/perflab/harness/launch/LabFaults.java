package dev.perflab.harness.launch;

import com.github.dockerjava.api.exception.DockerException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * Failures whose cause is the lab, not the app: the engine refusing (Docker's API, a cluster's), the lab's own
 * registry or database gone, a launch interrupted by a stop. A point that met one measured nothing about the app,
 * so it is not a finished point: the next run measures it again. An app that never answered, died or ran out of
 * memory is the app's failure, and stays a result. Each launch failure is classified once, where it is made
 * ({@link CellLaunchException}); the sweep of an experiment reads what was recorded while its point ran
 * ({@link #mark}).
 */
public final class LabFaults {

  /** Every lab fault this JVM met, oldest first; a point compares marks, so nothing is ever removed. */
  private static final List<String> RECORDED = new CopyOnWriteArrayList<>();
  /** What else an engine counts as its refusal (the Kubernetes client's exception), registered when it opens. */
  private static final List<Predicate<Throwable>> ENGINE_REFUSALS = new CopyOnWriteArrayList<>();

  private LabFaults() {}

  /** Where the list stood: {@link Mark#since()} gives the faults recorded after it. */
  public record Mark(int at) {

    public List<String> since() {
      List<String> all = List.copyOf(RECORDED);
      return all.subList(Math.min(at, all.size()), all.size());
    }
  }

  public static Mark mark() {
    return new Mark(RECORDED.size());
  }

  /** Records a lab fault, described for the reader ("the Docker engine refused: ..."). */
  public static void record(String description) {
    RECORDED.add(description);
  }

  /** Has {@code refusal} count as the lab's fault too (an engine's client exception). */
  public static void recognise(Predicate<Throwable> refusal) {
    if (!ENGINE_REFUSALS.contains(refusal)) {
      ENGINE_REFUSALS.add(refusal);
    }
  }

  /**
   * Whether {@code failure} (or a cause of it) is the lab's: an engine's refusal, an interrupt or a stop. Empty
   * when it is the app's, or not known to be the lab's.
   */
  public static Optional<String> of(Throwable failure) {
    if (RunStop.requested()) {
      return Optional.of("the run was stopping (" + RunStop.reason().orElseThrow() + ")");
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof RunStoppedException || cause instanceof InterruptedException) {
        return Optional.of("interrupted: " + CellLauncher.rootMessage(cause));
      }
      if (cause instanceof DockerException) {
        return Optional.of("the Docker engine refused: " + CellLauncher.rootMessage(cause));
      }
      Throwable current = cause;
      if (ENGINE_REFUSALS.stream().anyMatch(refusal -> refusal.test(current))) {
        return Optional.of("the cluster refused: " + CellLauncher.rootMessage(cause));
      }
      if (cause instanceof LabServiceException) {
        return Optional.of(CellLauncher.rootMessage(cause));
      }
    }
    return Optional.empty();
  }

  /** Records {@code failure} if it is the lab's; returns whether it was. */
  public static boolean recordIfLab(Throwable failure) {
    Optional<String> fault = of(failure);
    fault.ifPresent(LabFaults::record);
    return fault.isPresent();
  }
}
