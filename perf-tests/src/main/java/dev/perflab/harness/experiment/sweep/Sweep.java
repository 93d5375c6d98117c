package dev.perflab.harness.experiment.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import dev.perflab.harness.launch.LabFaults;
import dev.perflab.harness.launch.RunStop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every point of an experiment, one after another (they would share the measured CPU), the same way
 * for every kind: in the plan's order; points an earlier run finished taken from its {@code points/}
 * folder ({@link PointStore}) and not measured again; the dataset written after each point, so a
 * killed run's dataset holds what it finished; progress with the time left; skipped points reported
 * with why. Only good points are finished points: once the run is told to stop ({@link RunStop}) no point
 * starts and none is recorded, and a point that met a fault of the lab's ({@link LabFaults}: the engine
 * refusing, the lab's registry or database gone) is reported in this run but recorded as not finished, so the
 * next run measures it again and says why. A point that failed because of the app stays a result. The runner
 * sweeps what earlier runs left before anything is measured.
 */
public final class Sweep {

  private static final Logger LOG = LoggerFactory.getLogger(Sweep.class);

  /**
   * @param data every finished point's data, in the plan's order
   * @param points how many points the plan had
   * @param resumedPoints how many of them an earlier run had finished
   * @param skipped points not run, each with why
   * @param resumed what the resumed points were: how many failed (the app's failures) and the first one's cause
   * @param remeasured points an earlier run's attempt at failed for a cause outside the app, measured again in
   *     this run: "quarkus/jvm #1: the Docker engine refused: ..."
   * @param labFaulted points of this run that met a fault of the lab's: reported here, measured again next run
   */
  public record Outcome<D>(D data, int points, int resumedPoints, List<String> skipped, Resumed resumed,
      List<String> remeasured, List<String> labFaulted) {

    public Outcome {
      skipped = List.copyOf(skipped);
      remeasured = List.copyOf(remeasured);
      labFaulted = List.copyOf(labFaulted);
    }

    /** An outcome with nothing resumed, measured again or met by a lab fault (a kind's test's). */
    public Outcome(D data, int points, int resumedPoints, List<String> skipped) {
      this(data, points, resumedPoints, skipped, Resumed.NONE, List.of(), List.of());
    }
  }

  /**
   * The resumed points that are failures of the app's: how many, and the first one's cause.
   *
   * @param firstFailure the first failed resumed point and its cause; null when none failed
   */
  public record Resumed(int failures, String firstFailure) {

    public static final Resumed NONE = new Resumed(0, null);

    Resumed plus(String point, Optional<String> failure) {
      return failure.isEmpty() ? this : new Resumed(failures + 1,
          firstFailure != null ? firstFailure : point + ": " + failure.get().lines().findFirst().orElse(""));
    }
  }

  private Sweep() {}

  public static <P extends SweepPoint, D extends SweepData<D>> Outcome<D> run(Path reportDir, SweepPlan<P, D> plan)
      throws IOException, InterruptedException {
    List<P> points = plan.planned().points();
    PointStore<P, D> store = store(reportDir, plan);
    store.discardOtherSetups(points);
    Dataset<D> dataset = plan.dataset();
    D data = dataset.empty();
    int resumed = 0;
    Resumed resumedFailures = Resumed.NONE;
    List<String> remeasured = new ArrayList<>();
    List<String> labFaulted = new ArrayList<>();
    long measuredNanos = 0;
    int measured = 0;
    for (int i = 0; i < points.size(); i++) {
      P point = points.get(i);
      Optional<D> done = store.finished(point);
      if (done.isPresent()) {
        data = data.plus(done.get());
        resumed++;
        resumedFailures = resumedFailures.plus(point.id(), plan.failure(done.get()));
        continue;
      }
      store.labFault(point).ifPresent(fault -> {
        remeasured.add(point.id() + ": " + fault);
        LOG.info("point {}: measured again; an earlier run's attempt failed for a cause outside the app ({})",
            point.id(), fault);
      });
      RunStop.check();
      long start = System.nanoTime();
      LabFaults.Mark mark = LabFaults.mark();
      D pointData = plan.run(point);
      // Told to stop while it ran: the lab may have been taken away under it, so it measured nothing to keep.
      RunStop.check();
      List<String> faults = mark.since();
      if (faults.isEmpty()) {
        store.save(point, pointData);
      } else {
        store.saveLabFault(point, faults.getFirst());
        labFaulted.add(point.id() + ": " + faults.getFirst());
        LOG.warn("point {} met a fault of the lab's, not the app's ({}): reported, not finished; the next run"
            + " measures it again", point.id(), faults.getFirst());
      }
      data = data.plus(pointData);
      dataset.write(reportDir, data);
      measuredNanos += System.nanoTime() - start;
      measured++;
      Duration left = Duration.ofNanos(measuredNanos / measured * (points.size() - i - 1));
      LOG.info("point {}/{} {}: {} ({} s; about {} min {} s left)", i + 1, points.size(), point.id(),
          plan.outcome(pointData), (System.nanoTime() - start) / 1_000_000_000, left.toMinutes(), left.toSecondsPart());
    }
    if (resumed > 0) {
      LOG.info("{} of {} points were finished by an earlier run of this setup and were not measured again{}", resumed,
          points.size(), resumedFailures.failures() == 0 ? "" : "; " + resumedFailures.failures()
              + " of them failed, the first: " + resumedFailures.firstFailure());
    }
    dataset.write(reportDir, data);
    return new Outcome<>(data, points.size(), resumed, plan.planned().skipped(), resumedFailures, remeasured,
        labFaulted);
  }

  /**
   * Whether a run of {@code plan} into {@code reportDir} would measure nothing: it has points, and an earlier
   * run finished every one of them under the setup it has now.
   */
  public static <P extends SweepPoint, D extends SweepData<D>> boolean finished(Path reportDir,
      SweepPlan<P, D> plan) {
    PointStore<P, D> store = store(reportDir, plan);
    List<P> points = plan.planned().points();
    return !points.isEmpty() && points.stream().allMatch(point -> store.finished(point).isPresent());
  }

  private static <P extends SweepPoint, D extends SweepData<D>> PointStore<P, D> store(Path reportDir,
      SweepPlan<P, D> plan) {
    return new PointStore<>(reportDir, plan.dataset().type(), point -> fingerprint(plan.settings(point)),
        plan::formerFingerprints);
  }

  /** SHA-256 of {@code parts}, each ended by a zero byte, in hex: how a point's settings are recorded. */
  public static String fingerprint(String... parts) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        sha.update(part.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
