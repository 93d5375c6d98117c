package dev.perflab.harness.build;

/**
 * A Java agent that sleeps before the application's main method runs: a deliberately slower
 * start of exactly known size, so an A/B gate can be shown to catch it. {@link SlowedVariant}
 * puts it into a copy of an image; this class is copied alone into the agent jar, so it must use
 * nothing but the JDK.
 */
public final class SlowStartAgent {

  private SlowStartAgent() {}

  /** {@code -javaagent:slow-start.jar=<millis>}. */
  public static void premain(String delayMillis) throws InterruptedException {
    Thread.sleep(Long.parseLong(delayMillis.strip()));
  }
}
