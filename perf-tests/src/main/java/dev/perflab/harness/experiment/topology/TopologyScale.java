package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.List;

/**
 * One scale of a topology experiment: the apps that each run the whole topology in turn (every service
 * the same app, in {@code mode}), the closed population, the mix axis, and how long each part of a point
 * lasts. Each point is one launch of a variant's services, repeated {@code repetitions} times.
 *
 * @param variants the variants it runs, by name; left out: all of them
 * @param users the closed population, drawing each request's type from the mix (or shared between the two types by
 *     it, {@link TypeDraw#PER_USER})
 * @param mixes the first request type's share of the requests (of the users, per user), from 0 to 1, in the order
 *     measured
 * @param warmupSeconds once per launch, at an even mix, before anything is measured: the JIT's time
 * @param demandSeconds per request type alone, before the sweep and after it: the CPU per request each service
 *     spends on it, with {@code demandUsers} users (before the sweep, first one user alone as long, for the answer
 *     time without a queue)
 * @param demandUsers the users sending one type while its CPU is counted: a low load, but not one user, whose
 *     every request pays its own wake-ups where under load they are shared (a Quarkus gateway forwarding without
 *     work: 5.1 ms of CPU per request with one user, 1.1 ms after the sweep)
 * @param demandRounds at most this many counts of every type's demand before the sweep, until one agrees with the
 *     count before it within {@value DemandCounting#DEMAND_AGREEMENT} at every service it costs a work unit or
 *     more: the JIT compiler's own CPU is left out of a count, but code it has not reached yet still runs slower;
 *     1 counts once
 * @param settleSeconds per mix, before its measured seconds: the queues reach the new mix
 */
public record TopologyScale(List<String> apps, String mode,
    @JacksonInject(StrictYaml.ABSENT + "variants") List<String> variants, int users, long thinkTimeMillis,
    List<Double> mixes, int warmupSeconds, int demandSeconds, int demandUsers, int demandRounds, int settleSeconds,
    int measureSeconds, int repetitions) {

  public TopologyScale {
    apps = List.copyOf(required(apps, "apps"));
    required(mode, "mode");
    variants = variants == null ? null : List.copyOf(variants);
    mixes = List.copyOf(required(mixes, "mixes"));
    if (apps.isEmpty() || mixes.isEmpty()) {
      throw new IllegalArgumentException("'apps' and 'mixes' each name at least one");
    }
    for (double mix : mixes) {
      if (!(mix >= 0 && mix <= 1)) {
        throw new IllegalArgumentException("'mixes' are shares of the users from 0 to 1, got " + mix);
      }
    }
    if (demandUsers < 1 || demandUsers > users) {
      throw new IllegalArgumentException("'demandUsers' must be from 1 to 'users' (" + users + "), got " + demandUsers);
    }
    if (users < 1 || thinkTimeMillis < 0) {
      throw new IllegalArgumentException("'users' must be at least 1 and 'thinkTimeMillis' at least 0, got " + users
          + " and " + thinkTimeMillis);
    }
    if (demandRounds < 1) {
      throw new IllegalArgumentException("'demandRounds' must be at least 1, got " + demandRounds);
    }
    if (warmupSeconds < 0 || demandSeconds < 1 || settleSeconds < 0 || measureSeconds < 1 || repetitions < 1) {
      throw new IllegalArgumentException("'demandSeconds', 'measureSeconds' and 'repetitions' must be at least 1,"
          + " 'warmupSeconds' and 'settleSeconds' at least 0");
    }
  }

  /**
   * One launch at most: start and stop, the warm-up, every round of each type's demand, one user alone, the
   * count after the sweep, then each mix.
   */
  long secondsPerPoint(int requestTypes) {
    return 20 + warmupSeconds + (demandRounds + 2L) * requestTypes * (demandSeconds + 1) + (long) mixes.size()
        * (settleSeconds + measureSeconds + 1);
  }
}
