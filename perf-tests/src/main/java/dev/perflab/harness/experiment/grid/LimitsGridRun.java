package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.experiment.GridData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every point of a limits grid at one scale, each in a fresh container, one after another (they would
 * share the measured CPU), repetition by repetition so that a drift of the machine spreads over every
 * point rather than landing on the last ones. Points a killed run finished are taken from its
 * {@code points/} folder ({@link GridPointStore}), not measured again.
 */
public final class LimitsGridRun {

  private static final Logger LOG = LoggerFactory.getLogger(LimitsGridRun.class);

  /**
   * @param data every finished point's rows and seconds, in the grid's order
   * @param resumedPoints how many of them an earlier, killed run had finished
   * @param skipped points not run, each with why (an app without an image in a mode)
   */
  public record Outcome(GridData data, int resumedPoints, List<String> skipped) {}

  private LimitsGridRun() {}

  /**
   * Runs the grid in {@code lab}, whose catalog's JVM options include {@code JvmGcLog.OPTION}.
   *
   * @param experimentText the experiment file as read, part of the setup's fingerprint
   * @param afterEachPoint called with all data so far after each point, to keep the dataset files current
   */
  public static Outcome run(Lab lab, Catalog catalog, String experimentText, LimitsGridSpec spec, String scaleName,
      Path reportDir, Consumer<GridData> afterEachPoint) throws IOException, InterruptedException {
    GridScale scale = spec.scale(scaleName);
    List<String> skipped = new ArrayList<>();
    List<GridPoint> points = points(catalog, lab, scale, skipped);
    Map<String, String> imageIds = new HashMap<>();
    GridPointStore store = new GridPointStore(reportDir, point -> fingerprint(experimentText, scaleName,
        catalog.jdkJavaOptions(), imageIds.computeIfAbsent(point.app().imageFor(point.mode()),
            image -> image + "=" + lab.images().find(image).map(ImageInfo::id).orElse("-"))));
    store.discardOtherSetups(points);

    GridData data = GridData.EMPTY;
    int resumed = 0;
    long measuredNanos = 0;
    int measured = 0;
    for (int i = 0; i < points.size(); i++) {
      GridPoint point = points.get(i);
      Optional<GridData> done = store.finished(point);
      if (done.isPresent()) {
        data = data.plus(done.get());
        resumed++;
        continue;
      }
      long start = System.nanoTime();
      RequestMix mix = spec.mix() == null ? catalog.load().requests(point.app()) : new RequestMix(spec.mix());
      GridData pointData = new GridPointRun(lab, mix, spec, scale).run(point);
      store.save(point, pointData);
      data = data.plus(pointData);
      afterEachPoint.accept(data);
      measuredNanos += System.nanoTime() - start;
      measured++;
      Duration left = Duration.ofNanos(measuredNanos / measured * (points.size() - i - 1));
      LOG.info("point {}/{} {}: {} ({} s; about {} min {} s left)", i + 1, points.size(), point.id(),
          pointData.rows().getLast().outcome(), (System.nanoTime() - start) / 1_000_000_000, left.toMinutes(),
          left.toSecondsPart());
    }
    if (resumed > 0) {
      LOG.info("{} of {} points were finished by an earlier run of this setup and were not measured again", resumed,
          points.size());
    }
    return new Outcome(data, resumed, skipped);
  }

  /** Repetition by repetition, then app, mode, CPU limit and memory limit as the file lists them. */
  private static List<GridPoint> points(Catalog catalog, Lab lab, GridScale scale, List<String> skipped) {
    List<GridPoint> points = new ArrayList<>();
    for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
      for (String appName : scale.apps()) {
        App app = catalog.app(appName);
        for (String modeName : scale.modes()) {
          Mode mode = catalog.mode(modeName);
          if (app.imageFor(mode) == null || lab.images().find(app.imageFor(mode)).isEmpty()) {
            if (repetition == 0) {
              skipped.add(app.name() + "/" + mode.name() + ": no image " + app.imageFor(mode)
                  + " in the local engine (build it with ./mvnw package)");
            }
            continue;
          }
          for (double cpus : scale.cpus()) {
            for (long memory : scale.memoryMebibytes()) {
              points.add(new GridPoint(app, mode, CpuLimit.cores(cpus), memory, repetition));
            }
          }
        }
      }
    }
    return points;
  }

  private static String fingerprint(String experimentText, String scale, String jvmOptions, String image) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : List.of(experimentText, scale, jvmOptions, image)) {
        sha.update(part.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
