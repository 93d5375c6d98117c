package dev.perflab.harness.load;

import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.Capacity;
import dev.perflab.harness.result.CapacityStep;
import dev.perflab.harness.result.LoadResult;
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
 * drain between steps. A rate counts as missed only when {@value #ATTEMPTS} attempts in a row
 * miss it: under a CPU quota, the JIT compiling for a new rate or a GC can throttle one or two
 * short steps past the objective (with a single retry, one cell read 15,000/s in one run and
 * at least 40,000/s in the two others). Every attempt is kept in the steps.
 */
public final class CapacitySearch {

  static final double MIN_ACHIEVED_SHARE = 0.95;
  static final int ATTEMPTS = 3;
  private static final double RESOLUTION = 1.10;
  private static final int MAX_RATES = 12;
  private static final Duration STEP_WARMUP = Duration.ofSeconds(1);
  private static final Duration PAUSE = Duration.ofSeconds(1);

  private static final Logger LOG = LoggerFactory.getLogger(CapacitySearch.class);

  private static CapacityStep step(InetSocketAddress target, RequestMix requests, LoadSettings settings, double rate,
      List<CapacityStep> steps) throws InterruptedException {
    CapacityStep step = judge(OpenLoop.run(target, requests, rate, STEP_WARMUP,
        settings.capacityStep(), settings.maxConnections()), settings.sloP99Micros());
    steps.add(step);
    LOG.info("capacity step {}/s: p99 {} µs, errors {} %, achieved {}/s{}{}", Math.round(rate), step.p99Micros(),
        String.format("%.2f", step.errorRatio() * 100), Math.round(step.achievedRatePerSecond()),
        step.generatorLimited() ? ", driver-limited" : "", step.met() ? "" : ": objective missed");
    Thread.sleep(PAUSE);
    return step;
  }

  private CapacitySearch() {}

  /** Whether a step met the objective: p99 within it, errors as a valid run allows, the rate achieved. */
  static CapacityStep judge(LoadResult result, long sloP99Micros) {
    boolean met = result.latency().p99Micros() <= sloP99Micros
        && result.errorRatio() <= LoadResult.MAX_ERROR_RATIO
        && result.achievedRatePerSecond() >= MIN_ACHIEVED_SHARE * result.intendedRatePerSecond()
        && !result.generatorLimited();
    return new CapacityStep(result.intendedRatePerSecond(), result.latency().p99Micros(), result.errorRatio(),
        result.achievedRatePerSecond(), result.generatorLimited(), met);
  }

  /** Searches until done, or until {@code alive} says the cell has exited (it is then over capacity). */
  public static Capacity run(InetSocketAddress target, RequestMix requests, LoadSettings settings,
      BooleanSupplier alive)
      throws InterruptedException {
    List<CapacityStep> steps = new ArrayList<>();
    double good = 0;
    Double bad = null;
    double rate = settings.fixedRatePerSecond();
    for (int rates = 0; rates < MAX_RATES; rates++) {
      CapacityStep step = step(target, requests, settings, rate, steps);
      for (int attempt = 1; attempt < ATTEMPTS && !step.met() && !step.generatorLimited() && alive.getAsBoolean();
          attempt++) {
        step = step(target, requests, settings, rate, steps);
      }
      if (!alive.getAsBoolean()) {
        return new Capacity(settings.sloP99Millis(), good, rate, false, steps);
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
