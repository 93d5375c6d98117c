package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.RampLoop;
import dev.perflab.harness.load.RampModel;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.RampResult;
import dev.perflab.harness.result.RampSecond;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One ramp in a fresh container pinned like a measured launch: the container and the downstream stub
 * sampled every second from the host, a request sent straight to the stub every second (its own
 * answer time: the stub must not be what limits the ramp), and the ramp itself from the harness's CPU.
 */
final class UserRampPointRun {

  private static final String APP = "app";
  private static final String STUB = "stub";

  private final Lab lab;
  private final RequestMix mix;

  UserRampPointRun(Lab lab, RequestMix mix) {
    this.lab = lab;
    this.mix = mix;
  }

  UserRampData run(UserRampPoint point, RampModel model) throws InterruptedException {
    RunningSet set;
    try {
      set = lab.sets().start(ContainerSet.of(point.cell()));
    } catch (CellLaunchException e) {
      return new UserRampData(List.of(new RampRow(point.app().name(), point.mode().name(), point.repetition(), -1, null,
          0, 0, 0, null, null, null, null, null, false, 0, point.cpus().cores(), null, null, null, null, null, null,
          null, e.failure().describe())));
    }
    // The stub only beside an app that calls it (a service of one's own may call nothing of the lab's).
    boolean withStub = point.app().uses(LabService.DOWNSTREAM);
    Map<String, Long> pids = new LinkedHashMap<>();
    pids.put(APP, set.only().replica().hostPid());
    if (withStub) {
      pids.put(STUB, lab.downstreamHostPid());
    }
    Map<Integer, Double> probes = new ConcurrentHashMap<>();
    try (set; ContainerSampler sampler = ContainerSampler.start(pids)) {
      long rampStartMillis = sampler.elapsedMillis();
      Thread prober = withStub ? Thread.ofVirtual().start(() -> probeStub(probes)) : null;
      RampResult ramp;
      try {
        ramp = RampLoop.run(set.only().address(), mix, model);
      } finally {
        if (prober != null) {
          prober.interrupt();
          prober.join();
        }
      }
      String errors = String.join("\n", ramp.errorSamples());
      if (!set.only().replica().stillRunning()) {
        errors += (errors.isEmpty() ? "" : "\n") + set.only().exited(point.id() + " died during the ramp",
            "the driver saw it go").describe();
      }
      List<ContainerSample> stub = withStub ? sampler.timeline(STUB) : List.of();
      return rows(point, model, ramp, sampler.timeline(APP), stub, rampStartMillis, probes,
          errors.isEmpty() ? null : errors);
    }
  }

  /** Each second, one {@code GET /delay?ms=0} straight to the stub, timed; by second from the ramp's start. */
  private void probeStub(Map<Integer, Double> probes) {
    URI uri = lab.downstreamControlUri().resolve("/delay?ms=0");
    long start = System.nanoTime();
    try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
      for (int second = 0; !Thread.currentThread().isInterrupted(); second++) {
        long sent = System.nanoTime();
        try {
          http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.discarding());
          probes.put(second, (System.nanoTime() - sent) / 1e6);
        } catch (java.io.IOException e) {
          // No answer this second: the row has no probe, which the summary counts as missing.
        }
        long next = start + (second + 1) * 1_000_000_000L;
        Thread.sleep(Math.max(0, (next - System.nanoTime()) / 1_000_000));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static UserRampData rows(UserRampPoint point, RampModel model, RampResult ramp, List<ContainerSample> app,
      List<ContainerSample> stub, long rampStartMillis, Map<Integer, Double> probes, String errorSamples) {
    List<RampRow> rows = new ArrayList<>();
    double cpuLimit = point.cpus().cores();
    for (RampSecond second : ramp.seconds()) {
      long endMillis = rampStartMillis + (second.second() + 1) * 1000L;
      ContainerSample appSample = covering(app, endMillis);
      ContainerSample stubSample = covering(stub, endMillis);
      boolean last = second == ramp.seconds().getLast();
      rows.add(new RampRow(point.app().name(), point.mode().name(), point.repetition(), second.second(),
          model.onPlateau(second.second()) ? RampRow.PLATEAU : RampRow.RAMP, second.users(), second.completed(),
          second.errors(), second.p50Millis(), second.p95Millis(), second.p99Millis(), second.cumulativeP95Millis(),
          second.cumulativeErrorRatio(), second.generatorLimited(), second.waiting(), cpuLimit,
          appSample == null ? null : appSample.cpuCores() / cpuLimit,
          appSample == null ? null : appSample.cgroupMemoryBytes(), stubSample == null ? null : stubSample.cpuCores(),
          probes.get(second.second()), last ? ramp.endReason() : null, last ? ramp.failed() : null,
          last ? errorSamples : null, null));
    }
    return new UserRampData(rows);
  }

  /** The one-second sample that ended nearest {@code endMillis}, within half a second; null if none did. */
  private static ContainerSample covering(List<ContainerSample> samples, long endMillis) {
    ContainerSample nearest = null;
    for (ContainerSample sample : samples) {
      if (Math.abs(sample.atMillis() - endMillis) <= 500
          && (nearest == null || Math.abs(sample.atMillis() - endMillis) < Math.abs(nearest.atMillis() - endMillis))) {
        nearest = sample;
      }
    }
    return nearest;
  }
}
