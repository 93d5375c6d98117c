package dev.perflab.harness.load;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Capacity at a latency objective: the highest rate whose p99 stays within the target, with at
 * most 1 % errors and at least 95 % of the rate achieved. Rates double from the fixed rate until
 * one fails (or the settings' ceiling is reached), then the gap is bisected to within 10 %. Each
 * step is short (a second of warm-up, then the step's measured window) and a pause lets queues
 * drain between steps. A missed step is run once more before it counts: under a CPU quota one
 * burst of JIT compilation or GC can throttle a single short step past the objective.
 */
public final class CapacitySearch {

  static final double MAX_ERROR_RATIO = 0.01;
  static final double MIN_ACHIEVED_SHARE = 0.95;
  private static final double RESOLUTION = 1.10;
  private static final int MAX_STEPS = 12;
  private static final Duration STEP_WARMUP = Duration.ofSeconds(1);
  private static final Duration PAUSE = Duration.ofSeconds(1);

  private static final Logger LOG = LoggerFactory.getLogger(CapacitySearch.class);

  private static CapacityStep step(InetSocketAddress target, LoadSettings settings, double rate,
      List<CapacityStep> steps) throws InterruptedException {
    CapacityStep step = CapacityStep.of(OpenLoop.run(target, settings.request(), rate, STEP_WARMUP,
        settings.capacityStep(), settings.maxConnections()), settings.sloP99Micros());
    steps.add(step);
    LOG.info("capacity step {}/s: p99 {} µs, errors {} %, achieved {}/s{}{}", Math.round(rate), step.p99Micros(),
        String.format("%.2f", step.errorRatio() * 100), Math.round(step.achievedRatePerSecond()),
        step.generatorLimited() ? ", driver-limited" : "", step.met() ? "" : ": objective missed");
    Thread.sleep(PAUSE);
    return step;
  }

  private CapacitySearch() {}

  /** Searches until done, or until {@code alive} says the cell has exited (it is then over capacity). */
  public static Capacity run(InetSocketAddress target, LoadSettings settings, BooleanSupplier alive)
      throws InterruptedException {
    List<CapacityStep> steps = new ArrayList<>();
    double good = 0;
    Double bad = null;
    double rate = settings.fixedRatePerSecond();
    while (steps.size() < MAX_STEPS) {
      CapacityStep step = step(target, settings, rate, steps);
      if (!alive.getAsBoolean()) {
        return new Capacity(settings.sloP99Millis(), good, rate, false, steps);
      }
      if (!step.met() && !step.generatorLimited()) {
        step = step(target, settings, rate, steps);
      }
      // The driver fell behind while the cell still met the objective: the driver, not the
      // cell, is at its limit. (A cell far past the objective also slows the driver, with
      // hundreds of connections waiting: that is the cell's miss.)
      if (step.generatorLimited() && step.p99Micros() <= settings.sloP99Micros()) {
        return new Capacity(settings.sloP99Millis(), good, bad, true, steps);
      }
      if (step.met()) {
        good = rate;
      } else {
        bad = rate;
      }
      if (bad == null) {
        if (rate >= settings.capacityMaxRatePerSecond()) {
          break;
        }
        rate = Math.min(rate * 2, settings.capacityMaxRatePerSecond());
      } else if (bad / Math.max(good, 1) <= RESOLUTION) {
        break;
      } else {
        rate = Math.round((good + bad) / 2);
      }
    }
    return new Capacity(settings.sloP99Millis(), good, bad, false, steps);
  }
}
