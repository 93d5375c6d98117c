package dev.perflab.harness.launch;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The moment a run is told to stop, and what happens then, in that order. A signal ({@code kill}, Ctrl-C), Maven
 * dying under its forked JVM (Surefire then calls {@code System.exit}) or a test's own request all end the same
 * way: the stop is requested before anything is cleaned up, so a point measured while the lab is taken away
 * under it can see that and is not recorded; the run's own thread is interrupted and given a few seconds to
 * unwind (its {@code finally} blocks give back what it took, such as a cold start's image tags); only then do the
 * lab's exit cleanups run, newest first. One shutdown hook for all of it: separate hooks run at once, in no order.
 */
public final class RunStop {

  private static final Logger LOG = LoggerFactory.getLogger(RunStop.class);
  /** How long the exit waits for a stopped run to unwind before cleaning up under it. */
  static final long UNWIND_SECONDS = 20;

  private static volatile String reason;
  private static final Deque<Cleanup> CLEANUPS = new ArrayDeque<>();
  private static final AtomicInteger OPEN_RUNS = new AtomicInteger();
  private static final Object UNWOUND = new Object();
  private static Thread runThread;
  private static boolean hooked;

  private RunStop() {}

  /** The run's mark on its thread ({@link #enterRun}); closing it says the run has unwound. */
  public interface Running extends AutoCloseable {
    @Override
    void close();
  }

  /** A cleanup the exit runs unless it was {@link #remove removed} first (the run cleaned up itself). */
  public record Cleanup(String name, Runnable action) {}

  /** Whether the run was told to stop: from then on nothing it measures is recorded. */
  public static boolean requested() {
    return reason != null;
  }

  /** Why the run was told to stop, if it was. */
  public static Optional<String> reason() {
    return Optional.ofNullable(reason);
  }

  /** Tells the run to stop; the first reason is kept. */
  public static synchronized void request(String why) {
    if (reason == null) {
      reason = why;
      if (OPEN_RUNS.get() > 0) {
        LOG.warn("Stopping ({}): no new launch or point starts, and nothing measured from now on is recorded", why);
      }
    }
  }

  /**
   * Takes a stop back: only for a test that told its own run to stop, in a JVM that goes on testing. A real stop
   * is not taken back: the JVM is ending.
   */
  public static synchronized void clear() {
    reason = null;
  }

  /** Refuses to start anything new once the run was told to stop. */
  public static void check() {
    String why = reason;
    if (why != null) {
      throw new RunStoppedException(why);
    }
  }

  /**
   * Marks the calling thread as the run's until the returned handle is closed: a stop interrupts it and waits
   * (up to {@value #UNWIND_SECONDS} s) for it to close the handle before the cleanups run.
   */
  public static synchronized Running enterRun() {
    hook();
    runThread = Thread.currentThread();
    OPEN_RUNS.incrementAndGet();
    return () -> {
      synchronized (UNWOUND) {
        OPEN_RUNS.decrementAndGet();
        UNWOUND.notifyAll();
      }
    };
  }

  /** Has the exit run {@code action}, after every cleanup registered later. */
  public static synchronized Cleanup onExit(String name, Runnable action) {
    hook();
    Cleanup cleanup = new Cleanup(name, action);
    CLEANUPS.push(cleanup);
    return cleanup;
  }

  /** The run did {@code cleanup} itself; the exit need not. */
  public static synchronized void remove(Cleanup cleanup) {
    CLEANUPS.remove(cleanup);
  }

  private static void hook() {
    if (!hooked) {
      hooked = true;
      Runtime.getRuntime().addShutdownHook(new Thread(RunStop::exit, "perflab-exit"));
    }
  }

  private static void exit() {
    request("the JVM is shutting down (a signal, or Maven ended under its forked JVM)");
    Thread run;
    synchronized (RunStop.class) {
      run = runThread;
    }
    if (run != null && run.isAlive() && OPEN_RUNS.get() > 0) {
      run.interrupt();
      awaitUnwound();
    }
    while (true) {
      Cleanup cleanup;
      synchronized (RunStop.class) {
        cleanup = CLEANUPS.poll();
      }
      if (cleanup == null) {
        return;
      }
      try {
        cleanup.action().run();
      } catch (RuntimeException e) {
        LOG.warn("exit cleanup '{}' failed: {}", cleanup.name(), CellLauncher.rootMessage(e));
      }
    }
  }

  private static void awaitUnwound() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(UNWIND_SECONDS);
    synchronized (UNWOUND) {
      while (OPEN_RUNS.get() > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          LOG.warn("the stopped run did not unwind within {} s; cleaning up under it", UNWIND_SECONDS);
          return;
        }
        try {
          UNWOUND.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }
}
