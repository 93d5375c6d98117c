package dev.perflab.harness.launch;

/** The run was told to stop ({@link RunStop}): what was about to start did not, and nothing after is recorded. */
public final class RunStoppedException extends RuntimeException {

  public RunStoppedException(String why) {
    super("the run was told to stop (" + why + "); nothing measured after that moment is recorded");
  }
}
