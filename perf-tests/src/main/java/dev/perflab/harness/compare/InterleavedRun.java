package dev.perflab.harness.compare;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LaunchSteps;
import dev.perflab.harness.load.LoadFigures;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.LaunchedImage;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.PairedRun;
import dev.perflab.harness.result.PairedRun.Stop;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.PairedRatio;
import dev.perflab.harness.stats.SequentialPlan;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches both sides of one cell in pairs, one launch of each side next to the other, until the
 * verdicts are decided or the plan's pairs (or the time per cell) run out. Within each pair the side
 * that goes first is drawn at random: whatever drifts on the machine (a warming page cache, a
 * neighbour, the host's pace) moves both launches of a pair alike and leaves their ratio, and
 * nothing that favours the first or second launch can pass for a change. Each side first has one
 * discarded launch, as in the perf run. The pairs are looked at every ten ({@link SequentialPlan}),
 * and closed when the time per cell is up or the most pairs are done. With load comparison on, each
 * side then has {@code loadRepetitions} load runs, alternating, each in a fresh container.
 */
final class InterleavedRun {

  private static final Logger LOG = LoggerFactory.getLogger(InterleavedRun.class);

  private InterleavedRun() {}

  /**
   * One side of the comparison: its name in the logs ("A", "B"), its cell on its image, that image as
   * the engine had it before the first launch, its samples.
   */
  private static final class Side {
    private final String name;
    private final Cell cell;
    private final ImageInfo image;
    private final SideSamples samples = new SideSamples();
    private int measuredLaunches;

    Side(String name, Cell cell, ImageInfo image) {
      this.name = name;
      this.cell = cell;
      this.image = image;
      samples.add(Metric.IMAGE_SIZE_BYTES, image.sizeBytes());
    }

    /** What it launched: its image's ID, proven launch by launch ({@link #check}). */
    LaunchedImage launched() {
      return new LaunchedImage(cell.image(), image.id(), measuredLaunches, false);
    }

    /** "side B (perflab/quarkus:3.37.3-jvm-slowed)": how a failure names the side. */
    String describe() {
      return "side " + name + " (" + cell.image() + ")";
    }

    /**
     * Refuses a launch that ran another image than the side's: a tag moved between the lookup and the
     * launch (a rebuild), or a side set up with the wrong cell. Either way the side's figures would
     * belong to an image the report does not name.
     */
    void check(LaunchSample sample) throws SideFailed {
      if (!image.id().equals(sample.imageId())) {
        throw new SideFailed(Outcome.Failed.of(describe() + " launch " + sample.repetition(), "the container ran image "
            + sample.imageId() + ", not " + image.id() + ", which " + cell.image() + " named when the side began;"
            + " was the image rebuilt or retagged during the comparison? Run it again once the images stay put"));
      }
    }

    /** The side's failure: what failed on it, with the container's account. */
    Outcome.Failed failed(String what, Outcome.Failed failure) {
      return new Outcome.Failed(describe() + what + ": " + failure.subject(), failure.reason(), failure.exitCode(),
          failure.oomKilled(), failure.logTail());
    }
  }

  /**
   * @param seed draws the order inside each pair; the same seed, the same orders (recorded in the
   *     result either way)
   */
  static CellComparison compare(Lab lab, CellPair pair, CompareSettings settings, LoadSettings load, long seed) {
    Images.Found imageA = lab.images().require(pair.cellId() + " side A", pair.baseline().mode(), pair.baseline().image());
    Images.Found imageB = lab.images().require(pair.cellId() + " side B", pair.candidate().mode(),
        pair.candidate().image());
    for (Images.Found image : List.of(imageA, imageB)) {
      if (!image.present()) {
        return CellComparison.notCompared(pair.cellId(), LaunchedImage.none(pair.baseline().image()),
            LaunchedImage.none(pair.candidate().image()), Map.of(), image.problem());
      }
    }
    Side a = new Side("A", pair.baseline(), imageA.image());
    Side b = new Side("B", pair.candidate(), imageB.image());
    SplittableRandom orders = new SplittableRandom(seed);
    long started = System.nanoTime();
    long deadline = started + settings.timePerCell().toNanos();
    List<String> order = new ArrayList<>();
    List<Integer> looks = new ArrayList<>();
    List<Double> confidences = new ArrayList<>();
    List<Comparison> comparisons = List.of();
    Map<Metric, Comparison> settled = new EnumMap<>(Metric.class);
    Stop stop = Stop.MOST_PAIRS;
    Outcome outcome = Outcome.MEASURED;
    try {
      // The discarded launches prove each side's limits, the same in all its launches.
      for (Side side : inTurn(a, b, orders.nextBoolean())) {
        launch(lab, side, 0, true, new LaunchSteps(false, true));
      }
      for (int pairs = 1; ; pairs++) {
        boolean baselineFirst = orders.nextBoolean();
        order.add(baselineFirst ? "AB" : "BA");
        // Memory after the warm-up moves little and the warm-up costs seconds: it is measured up to the
        // first look and judged once there, at 95 % (a fixed sample, no looks to share its 5 %); not at all when
        // the comparison does not judge it.
        LaunchSteps steps = new LaunchSteps(settings.thresholds().containsKey(Metric.RSS_BYTES_AFTER_WARMUP)
            && !settled.containsKey(Metric.RSS_BYTES_AFTER_WARMUP), false);
        for (Side side : inTurn(a, b, baselineFirst)) {
          launch(lab, side, pairs, false, steps);
        }
        boolean closing = pairs >= PairedRatio.MIN_PAIRS
            && (pairs >= settings.repetitionsPerSide() || System.nanoTime() >= deadline);
        if (!closing && !SequentialPlan.isInterimLook(pairs)) {
          continue;
        }
        double confidence = closing ? SequentialPlan.closingConfidenceAt(pairs) : SequentialPlan.INTERIM_CONFIDENCE;
        looks.add(pairs);
        confidences.add(confidence);
        settleMemory(settled, a.samples, b.samples, settings);
        comparisons = SideSamples.comparePaired(a.samples, b.samples, settings, confidence, settled);
        comparisons.stream().filter(Comparison::decided).forEach(c -> settled.putIfAbsent(c.metric(), c));
        if (comparisons.stream().allMatch(c -> c.isExact() || settled.containsKey(c.metric()))) {
          stop = Stop.DECIDED;
          break;
        }
        if (closing) {
          stop = pairs >= settings.repetitionsPerSide() ? Stop.MOST_PAIRS : Stop.OUT_OF_TIME;
          break;
        }
      }
      for (int repetition = 1; settings.load() && repetition <= settings.loadRepetitions(); repetition++) {
        for (Side side : inTurn(a, b, repetition % 2 == 1)) {
          drive(lab, side, load);
        }
      }
    } catch (SideFailed e) {
      outcome = e.failure;
      stop = Stop.FAILED;
      LOG.error("{}", e.failure.describe());
      comparisons = afterFailure(a, b, settings, looks, confidences);
    }
    if (settings.load()) {
      comparisons = SideSamples.withLoad(comparisons, a.samples, b.samples, settings);
    }
    PairedRun run = new PairedRun(looks, confidences, Math.min(a.measuredLaunches, b.measuredLaunches), stop, order,
        (System.nanoTime() - started) / 60e9);
    return new CellComparison(pair.cellId(), a.launched(), b.launched(), a.samples.byKey(), b.samples.byKey(),
        comparisons, outcome, run);
  }

  /** Memory after the warm-up, at its one look: the first look of the run, at 95 %. */
  private static void settleMemory(Map<Metric, Comparison> settled, SideSamples a, SideSamples b,
      CompareSettings settings) {
    Metric memory = Metric.RSS_BYTES_AFTER_WARMUP;
    if (!settled.containsKey(memory) && settings.thresholds().containsKey(memory)
        && a.of(memory).size() >= PairedRatio.MIN_PAIRS && a.of(memory).size() == b.of(memory).size()) {
      settled.put(memory, Comparison.paired(memory, a.of(memory), b.of(memory), settings.threshold(memory),
          SequentialPlan.FIXED_CONFIDENCE));
    }
  }

  /**
   * A launch failed: the complete pairs so far are judged, as if that had been the closing look (and
   * recorded as one), if there are enough of them.
   */
  private static List<Comparison> afterFailure(Side a, Side b, CompareSettings settings, List<Integer> looks,
      List<Double> confidences) {
    int complete = Math.min(a.measuredLaunches, b.measuredLaunches);
    if (complete < PairedRatio.MIN_PAIRS) {
      return SideSamples.exactOnly(a.samples, b.samples, settings);
    }
    double confidence = SequentialPlan.closingConfidenceAt(complete);
    looks.add(complete);
    confidences.add(confidence);
    return SideSamples.comparePaired(a.samples.firstPairs(complete), b.samples.firstPairs(complete), settings,
        confidence, Map.of());
  }

  /**
   * The candidate alone, against samples an earlier run recorded: the same launches, but not
   * interleaved, so drift between the two runs is not controlled, and not in pairs: B's launches are
   * as many as the recorded run's (at least five, at most the setting's most), compared by medians.
   */
  static CellComparison compareToRecorded(Lab lab, Cell candidate, BaselineResults.RecordedCell recorded,
      CompareSettings settings) {
    Images.Found image = lab.images().require(candidate.id() + " side B", candidate.mode(), candidate.image());
    if (!image.present()) {
      return CellComparison.notCompared(candidate.id(), recorded.launched(), LaunchedImage.none(candidate.image()),
          recorded.samples(), image.problem());
    }
    SideSamples a = recorded.asSideSamples();
    Side b = new Side("B", candidate, image.image());
    int launches = Math.min(settings.repetitionsPerSide(), Math.max(5, recorded.launches()));
    Outcome outcome = Outcome.MEASURED;
    try {
      launch(lab, b, 0, true, new LaunchSteps(false, true));
      for (int repetition = 1; repetition <= launches; repetition++) {
        launch(lab, b, repetition, false, new LaunchSteps(true, false));
      }
    } catch (SideFailed e) {
      outcome = e.failure;
      LOG.error("{}", e.failure.describe());
    }
    return new CellComparison(candidate.id(), recorded.launched(), b.launched(), a.byKey(), b.samples.byKey(),
        SideSamples.compare(a, b.samples, settings), outcome, null);
  }

  /** Both sides, A first or B first. */
  private static List<Side> inTurn(Side a, Side b, boolean baselineFirst) {
    return baselineFirst ? List.of(a, b) : List.of(b, a);
  }

  private static LaunchSample launch(Lab lab, Side side, int repetition, boolean discarded, LaunchSteps steps)
      throws SideFailed {
    Cell cell = side.cell;
    try {
      LaunchSample sample = lab.launcher().measure(cell, repetition, discarded, steps);
      LOG.info("{} {} ({}) launch {}: first OK after {} ms{}", cell.id(), side.name, cell.image(), repetition,
          Math.round(sample.timeToFirstOkMillis()), discarded ? " (discarded)" : "");
      side.check(sample);
      if (!discarded) {
        side.samples.add(sample);
        side.measuredLaunches++;
      }
      return sample;
    } catch (CellLaunchException e) {
      throw new SideFailed(side.failed("", e.failure()));
    }
  }

  /** A launch of one side failed: the comparison stops there, with the container's account. */
  private static final class SideFailed extends Exception {
    private final Outcome.Failed failure;

    SideFailed(Outcome.Failed failure) {
      super(failure.headline());
      this.failure = failure;
    }
  }

  /** One load run of one side: warm-up, fixed rate, capacity search, in a fresh container. */
  private static void drive(Lab lab, Side side, LoadSettings load) throws SideFailed {
    Cell cell = side.cell;
    try {
      LoadFigures figures = LoadFigures.measure(lab.launcher(), cell, load);
      LOG.info("{} {} ({}) load: p99 {} µs at {}/s, capacity {}/s", cell.id(), side.name, cell.image(),
          Math.round(figures.p99Micros()), load.fixedRatePerSecond(), Math.round(figures.capacityPerSecond()));
      side.samples.add(Metric.P99_AT_FIXED_RATE_MICROS, figures.p99Micros());
      side.samples.add(Metric.CAPACITY_PER_SECOND, figures.capacityPerSecond());
    } catch (CellLaunchException e) {
      throw new SideFailed(side.failed(", load", e.failure()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SideFailed(Outcome.Failed.of(side.describe() + ", load", "interrupted"));
    } catch (RuntimeException e) {
      throw new SideFailed(Outcome.Failed.of(side.describe() + ", load", String.valueOf(e.getMessage())));
    }
  }
}
