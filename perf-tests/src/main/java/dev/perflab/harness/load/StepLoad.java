package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.ClosedLoadResult;
import dev.perflab.harness.result.FixedCountResult;
import dev.perflab.harness.result.LoadResult;
import dev.perflab.harness.result.StepResult;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * One step of a load staircase in any of its {@link LoadModel}s, run against an address with the same
 * figures whatever its shape: a sweep climbs a list of these and need not know which driver runs them.
 * Each step's latency is also cut into seconds ({@link #WINDOW}), to set beside the container's samples.
 */
public sealed interface StepLoad {

  /** The windows a step's measured time is cut into: the container sampler's period. */
  Duration WINDOW = Duration.ofSeconds(1);

  /** The rate it offers; null for a closed step, whose rate is what the service answers. */
  Double offeredRatePerSecond();

  /** Its concurrency (a fixed count's connections, a population's users); null for an open step. */
  Integer concurrency();

  /** What it is along its staircase: the rate of an open step, the concurrency of a closed one. */
  default double level() {
    return concurrency() == null ? offeredRatePerSecond() : concurrency();
  }

  /** "1000 requests/s", "concurrency 16", "16 users": how logs and failures name it. */
  String describe();

  /** From the call to the start of its measured time; the container's samples are read from there. */
  Duration settle();

  StepResult run(InetSocketAddress target, RequestMix mix) throws InterruptedException;

  /** The open-model driver at {@code ratePerSecond}, measured for {@code measure} after {@code settle}. */
  record AtRate(double ratePerSecond, Duration settle, Duration measure, int maxConnections) implements StepLoad {

    @Override
    public Double offeredRatePerSecond() {
      return ratePerSecond;
    }

    @Override
    public Integer concurrency() {
      return null;
    }

    @Override
    public String describe() {
      return Math.round(ratePerSecond) + " requests/s";
    }

    @Override
    public StepResult run(InetSocketAddress target, RequestMix mix) throws InterruptedException {
      LoadResult load = OpenLoop.run(target, mix, ratePerSecond, settle, measure, WINDOW, maxConnections);
      return new StepResult(load.measuredSeconds(), load.sent(), load.errors(), load.achievedRatePerSecond(),
          load.latency(), load.windows(), load.generatorLag().p99Micros());
    }
  }

  /**
   * {@code requests} requests over {@code connections} connections, measured from the first send to the
   * last answer; the requests unanswered after {@code timeout} fail (a dying service ends the step).
   */
  record Requests(int requests, int connections, Duration timeout) implements StepLoad {

    @Override
    public Double offeredRatePerSecond() {
      return null;
    }

    @Override
    public Integer concurrency() {
      return connections;
    }

    @Override
    public String describe() {
      return "concurrency " + connections;
    }

    @Override
    public Duration settle() {
      return Duration.ZERO;
    }

    @Override
    public StepResult run(InetSocketAddress target, RequestMix mix) throws InterruptedException {
      FixedCountResult load = FixedCount.run(target, mix, requests, connections, WINDOW, timeout);
      return new StepResult(load.wallSeconds(), load.requests(), load.errors(), load.ratePerSecond(), load.latency(),
          load.windows(), null);
    }
  }

  /** A closed population: its users, think time, settle (its warm-up) and measured time. */
  record Users(ClosedModel model) implements StepLoad {

    @Override
    public Double offeredRatePerSecond() {
      return null;
    }

    @Override
    public Integer concurrency() {
      return model.users();
    }

    @Override
    public String describe() {
      return model.users() + " users";
    }

    @Override
    public Duration settle() {
      return model.warmup();
    }

    @Override
    public StepResult run(InetSocketAddress target, RequestMix mix) throws InterruptedException {
      ClosedLoadResult load = ClosedLoop.run(target, mix, model, WINDOW);
      return new StepResult(load.measuredSeconds(), load.completed() + load.errors(), load.errors(),
          load.achievedRatePerSecond(), load.latency(), load.windows(), null);
    }
  }
}
