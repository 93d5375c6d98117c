package dev.perflab.harness.experiment.grid;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.load.LoadModel;
import dev.perflab.harness.load.StepLoad;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scale of a limits grid: its axes, its staircase and how long each point is driven. The file has
 * at least {@code default} (the documented run) and {@code smoke} (about a minute, in {@code ./mvnw
 * verify}). The staircase's keys are those of the grid's {@link LoadModel} ({@link #KEYS}), no others;
 * each is absent from a file whose load does not use it.
 *
 * @param apps catalog app names
 * @param modes catalog mode names (a point whose app has no image in that mode is skipped)
 * @param cpus the CPU limit axis, in cores, ascending
 * @param memoryMebibytes the memory limit axis, ascending
 * @param repetitions each point this many times, each in a fresh container
 * @param warmupSeconds load before the first step, at the grid's warm-up rate (not measured)
 * @param stepSeconds an open or users step's measured time
 * @param ratesPerSecond open: the staircase, ascending
 * @param concurrencies fixed-count: the staircase of connections, ascending
 * @param requestsPerStep fixed-count: the requests each step sends (ApacheBench's {@code -n})
 * @param stepTimeoutSeconds fixed-count: a step's requests still unanswered after this fail, and the step ends
 * @param users users: the staircase of populations, ascending
 * @param thinkTimeMillis users: each user's think time between an answer and its next request
 * @param thinkTimeDistribution users: {@code fixed} or {@code exponential} (with that mean)
 */
public record GridScale(
    List<String> apps, List<String> modes, List<Double> cpus, List<Long> memoryMebibytes, int repetitions,
    int warmupSeconds,
    @JacksonInject(StrictYaml.ABSENT + "stepSeconds") Integer stepSeconds,
    @JacksonInject(StrictYaml.ABSENT + "ratesPerSecond") List<Integer> ratesPerSecond,
    @JacksonInject(StrictYaml.ABSENT + "concurrencies") List<Integer> concurrencies,
    @JacksonInject(StrictYaml.ABSENT + "requestsPerStep") Integer requestsPerStep,
    @JacksonInject(StrictYaml.ABSENT + "stepTimeoutSeconds") Integer stepTimeoutSeconds,
    @JacksonInject(StrictYaml.ABSENT + "users") List<Integer> users,
    @JacksonInject(StrictYaml.ABSENT + "thinkTimeMillis") Integer thinkTimeMillis,
    @JacksonInject(StrictYaml.ABSENT + "thinkTimeDistribution") ClosedModel.ThinkTime thinkTimeDistribution) {

  /** The staircase keys each load takes, in the order a point's fingerprint lists them. */
  static final Map<LoadModel, List<String>> KEYS = Map.of(
      LoadModel.OPEN, List.of("stepSeconds", "ratesPerSecond"),
      LoadModel.FIXED_COUNT, List.of("concurrencies", "requestsPerStep", "stepTimeoutSeconds"),
      LoadModel.USERS, List.of("stepSeconds", "users", "thinkTimeMillis", "thinkTimeDistribution"));

  /** An open or users step's first second is not measured: the previous step's queue drains in it. */
  static final Duration SETTLE = Duration.ofSeconds(1);

  /**
   * What a fixed-count step is assumed to sustain, for the run's time estimate only: the time of n
   * requests is unknown until they are answered (a CPU-bound service under one core answers /hello
   * faster, 512 KiB bodies slower).
   */
  static final int ESTIMATE_REQUESTS_PER_SECOND = 200;

  public GridScale {
    apps = List.copyOf(nonEmpty(apps, "apps"));
    modes = List.copyOf(nonEmpty(modes, "modes"));
    cpus = List.copyOf(ascending(nonEmpty(cpus, "cpus"), "cpus"));
    cpus.forEach(CpuLimit::cores);
    memoryMebibytes = List.copyOf(ascending(nonEmpty(memoryMebibytes, "memoryMebibytes"), "memoryMebibytes"));
    if (memoryMebibytes.getFirst() < 6) {
      throw new IllegalArgumentException("'memoryMebibytes' starts at " + memoryMebibytes.getFirst()
          + "; Docker refuses a memory limit under 6 MiB");
    }
    positive(repetitions, "repetitions");
    positive(warmupSeconds, "warmupSeconds");
    ratesPerSecond = staircase(ratesPerSecond, "ratesPerSecond");
    concurrencies = staircase(concurrencies, "concurrencies");
    users = staircase(users, "users");
    positiveIfGiven(stepSeconds, "stepSeconds");
    positiveIfGiven(requestsPerStep, "requestsPerStep");
    positiveIfGiven(stepTimeoutSeconds, "stepTimeoutSeconds");
    if (thinkTimeMillis != null && thinkTimeMillis < 0) {
      throw new IllegalArgumentException("'thinkTimeMillis' must be 0 or more, got " + thinkTimeMillis);
    }
  }

  /** Points in this scale: apps x modes x CPU limits x memory limits (before images are checked). */
  public int pointCount() {
    return apps.size() * modes.size() * cpus.size() * memoryMebibytes.size();
  }

  /**
   * The staircase as {@code load} climbs it, each step with the driver's connection cap where it has one.
   * A scale with a key of another load, or without one of its own, is refused with both named.
   */
  List<StepLoad> steps(LoadModel load, int maxConnections) {
    Map<String, Object> given = staircaseKeys();
    List<String> own = KEYS.get(load);
    List<String> missing = own.stream().filter(key -> given.get(key) == null).toList();
    List<String> foreign = given.keySet().stream().filter(key -> given.get(key) != null && !own.contains(key)).toList();
    if (!missing.isEmpty() || !foreign.isEmpty()) {
      throw new IllegalArgumentException("a " + load.key() + " staircase states " + own
          + (missing.isEmpty() ? "" : "; missing " + missing)
          + (foreign.isEmpty() ? "" : "; " + foreign + " belong to another load"));
    }
    List<StepLoad> steps = new ArrayList<>();
    switch (load) {
      case OPEN -> ratesPerSecond.forEach(rate -> steps.add(
          new StepLoad.AtRate(rate, SETTLE, Duration.ofSeconds(stepSeconds), maxConnections)));
      case FIXED_COUNT -> concurrencies.forEach(connections -> steps.add(
          new StepLoad.Requests(requestsPerStep, connections, Duration.ofSeconds(stepTimeoutSeconds))));
      case USERS -> users.forEach(count -> steps.add(new StepLoad.Users(new ClosedModel(count,
          Duration.ofMillis(thinkTimeMillis), thinkTimeDistribution, SETTLE, Duration.ofSeconds(stepSeconds)))));
    }
    return steps;
  }

  /** {@code load}'s staircase keys and their values, in {@link #KEYS}' order: what a point's fingerprint holds of it. */
  Map<String, Object> staircase(LoadModel load) {
    Map<String, Object> given = staircaseKeys();
    Map<String, Object> own = new LinkedHashMap<>();
    KEYS.get(load).forEach(key -> own.put(key, given.get(key)));
    return own;
  }

  /**
   * Seconds a point's steps take: an open or users step its settle, measured time and about a second
   * to drain; a fixed-count step its requests at {@value #ESTIMATE_REQUESTS_PER_SECOND}/s, at most its timeout.
   */
  long stepsSecondsEstimate(LoadModel load) {
    return switch (load) {
      case OPEN -> ratesPerSecond.size() * (stepSeconds + 2L);
      case USERS -> users.size() * (stepSeconds + 2L);
      case FIXED_COUNT -> concurrencies.size()
          * Math.min(stepTimeoutSeconds, 1L + requestsPerStep / ESTIMATE_REQUESTS_PER_SECOND);
    };
  }

  private Map<String, Object> staircaseKeys() {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("stepSeconds", stepSeconds);
    keys.put("ratesPerSecond", ratesPerSecond);
    keys.put("concurrencies", concurrencies);
    keys.put("requestsPerStep", requestsPerStep);
    keys.put("stepTimeoutSeconds", stepTimeoutSeconds);
    keys.put("users", users);
    keys.put("thinkTimeMillis", thinkTimeMillis);
    keys.put("thinkTimeDistribution", thinkTimeDistribution);
    return keys;
  }

  /** An absent staircase stays null; a given one is non-empty, ascending and from 1. */
  private static List<Integer> staircase(List<Integer> values, String key) {
    if (values == null) {
      return null;
    }
    List<Integer> steps = List.copyOf(ascending(nonEmpty(values, key), key));
    if (steps.getFirst() < 1) {
      throw new IllegalArgumentException("'" + key + "' must start at 1 or more, got " + steps);
    }
    return steps;
  }

  private static <T> List<T> nonEmpty(List<T> values, String key) {
    if (required(values, key).isEmpty() || values.contains(null)) {
      throw new IllegalArgumentException("'" + key + "' needs at least one value, and no empty ones");
    }
    return values;
  }

  private static <T extends Comparable<T>> List<T> ascending(List<T> values, String key) {
    for (int i = 1; i < values.size(); i++) {
      if (values.get(i).compareTo(values.get(i - 1)) <= 0) {
        throw new IllegalArgumentException("'" + key + "' must be strictly ascending, got " + values);
      }
    }
    return values;
  }

  private static void positiveIfGiven(Integer value, String key) {
    if (value != null) {
      positive(value, key);
    }
  }

  private static void positive(int value, String key) {
    if (value < 1) {
      throw new IllegalArgumentException("'" + key + "' must be at least 1, got " + value);
    }
  }
}
