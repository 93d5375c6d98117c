package dev.perflab.gatling;

/**
 * The main class of a simulation's own JVM ({@link GatlingCommand}): Gatling's, bound to the process
 * that started it. A harness killed with {@code kill -9} cannot stop its children, and a Gatling JVM
 * would go on loading a lab the next run has already swept; this one halts as soon as its parent is
 * gone.
 */
public final class ForkedGatling {

  /** The exit status of a simulation whose harness went away (Gatling's own are 0 to 2). */
  public static final int EXIT_PARENT_GONE = 3;

  private ForkedGatling() {}

  public static void main(String[] args) {
    ProcessHandle.current().parent().ifPresent(parent ->
        parent.onExit().thenRun(() -> Runtime.getRuntime().halt(EXIT_PARENT_GONE)));
    io.gatling.app.Gatling.main(args);
  }
}
