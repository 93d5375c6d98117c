package dev.perflab.harness.build;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How long one build may run before it is stopped and reported as failed. The harness's limit is
 * a duration on the clock ({@link #of}); a test gives one that expires on a condition instead
 * (the build has started), so that proving a build is stopped does not race the machine's speed.
 */
interface BuildTimeLimit {

  /** Waits for {@code build} to end; false if the limit expired first, the build still running. */
  boolean awaitExit(Process build) throws InterruptedException;

  /** The limit as a reader reads it, in "did not finish within 30 min". */
  String describe();

  static BuildTimeLimit of(Duration timeout) {
    return new BuildTimeLimit() {
      @Override
      public boolean awaitExit(Process build) throws InterruptedException {
        return build.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      }

      @Override
      public String describe() {
        return MavenProcess.describe(timeout);
      }
    };
  }
}
