package dev.perflab.harness.kill;

/**
 * What a trial kills, and how. A Maven run is two JVMs: Maven, and the forked test JVM that measures; killing Maven
 * alone is what a closed terminal or a cancelled CI job does (Surefire's fork then ends itself), killing the fork
 * alone is what the OOM killer might, both is {@code kill -9} of the whole tree. A harness JVM run directly (the test
 * command's trials) is killed with SIGKILL (no shutdown hook runs) or SIGTERM (they all run: what the fork does when
 * Maven dies, and what Ctrl-C does).
 */
public enum KillTarget {

  MAVEN("kill -9 of Maven"),
  FORK("kill -9 of the forked JVM"),
  BOTH("kill -9 of Maven and the forked JVM"),
  JVM_SIGKILL("kill -9 of the harness JVM"),
  JVM_SIGTERM("kill -TERM of the harness JVM");

  private final String description;

  KillTarget(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** Whether the measuring JVM's shutdown hooks run: then it must leave nothing behind itself. */
  public boolean runsShutdownHooks() {
    return this == MAVEN || this == JVM_SIGTERM;
  }
}
