package dev.perflab.harness.experiment.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every point of an experiment, one after another (they would share the measured CPU), the same way
 * for every kind: in the plan's order; points a killed run finished taken from its {@code points/}
 * folder ({@link PointStore}) and not measured again; the dataset written after each point, so a
 * killed run's dataset holds what it finished; progress with the time left; skipped points reported
 * with why. The kind's engine opens the lab before, which removes a killed run's containers first.
 */
public final class Sweep {

  private static final Logger LOG = LoggerFactory.getLogger(Sweep.class);

  /**
   * @param data every finished point's data, in the plan's order
   * @param points how many points the plan had
   * @param resumedPoints how many of them an earlier, killed run had finished
   * @param skipped points not run, each with why
   */
  public record Outcome<D>(D data, int points, int resumedPoints, List<String> skipped) {}

  private Sweep() {}

  public static <P extends SweepPoint, D extends SweepData<D>> Outcome<D> run(Path reportDir, SweepPlan<P, D> plan)
      throws IOException, InterruptedException {
    List<P> points = plan.planned().points();
    PointStore<P, D> store = store(reportDir, plan);
    store.discardOtherSetups(points);
    Dataset<D> dataset = plan.dataset();
    D data = dataset.empty();
    int resumed = 0;
    long measuredNanos = 0;
    int measured = 0;
    for (int i = 0; i < points.size(); i++) {
      P point = points.get(i);
      Optional<D> done = store.finished(point);
      if (done.isPresent()) {
        data = data.plus(done.get());
        resumed++;
        continue;
      }
      long start = System.nanoTime();
      D pointData = plan.run(point);
      store.save(point, pointData);
      data = data.plus(pointData);
      dataset.write(reportDir, data);
      measuredNanos += System.nanoTime() - start;
      measured++;
      Duration left = Duration.ofNanos(measuredNanos / measured * (points.size() - i - 1));
      LOG.info("point {}/{} {}: {} ({} s; about {} min {} s left)", i + 1, points.size(), point.id(),
          plan.outcome(pointData), (System.nanoTime() - start) / 1_000_000_000, left.toMinutes(), left.toSecondsPart());
    }
    if (resumed > 0) {
      LOG.info("{} of {} points were finished by an earlier run of this setup and were not measured again", resumed,
          points.size());
    }
    dataset.write(reportDir, data);
    return new Outcome<>(data, points.size(), resumed, plan.planned().skipped());
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
