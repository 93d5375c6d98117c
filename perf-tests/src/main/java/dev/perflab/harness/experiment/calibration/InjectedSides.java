package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.build.AgentVariant;
import dev.perflab.harness.build.ClassLoadingVariant;
import dev.perflab.harness.build.SlowedVariant;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.launch.LaunchSteps;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Distribution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Both sides of each series' comparisons, readied once a run: the base image launched {@value #SIZING_LAUNCHES}
 * times (not recorded) to size what is injected, then the variants built. An A/A launches the catalog's image on both
 * sides; {@code classes} the base with the class-loading agent loading none (A) and the share of the base's median
 * classes loaded at its first OK (B); {@code cpu} the base (A) and the gate's CPU-work variant (B), that share of its
 * median first OK. The variants this run built are removed when it ends ({@link #close}).
 */
final class InjectedSides implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(InjectedSides.class);
  static final int SIZING_LAUNCHES = 3;

  /**
   * One series' sides.
   *
   * @param injectedAmount classes, or CPU ms, B's agent was given; 0 for an A/A
   * @param sizedFrom the base's median it was sized from; null for an A/A
   */
  record Sides(String baselineImage, String candidateImage, long injectedAmount, Double sizedFrom) {}

  private final Lab lab;
  private final Cell base;
  private final Path workDir;
  private final Map<String, Sides> bySeries = new HashMap<>();
  private final Set<String> built = new LinkedHashSet<>();
  private Double medianClassesLoaded;
  private Double medianFirstOkMillis;

  /** The variants' removal should the run be stopped before it closes these (its thread is interrupted then). */
  private final RunStop.Cleanup exitRemoval;

  InjectedSides(Lab lab, Cell base, Path workDir) {
    this.lab = lab;
    this.base = base;
    this.workDir = workDir;
    this.exitRemoval = RunStop.onExit("the calibration's variant images", this::removeBuilt);
  }

  Sides forSeries(CalibrationSeries series) throws IOException, InterruptedException {
    Sides sides = bySeries.get(series.name());
    if (sides == null) {
      sides = ready(series);
      bySeries.put(series.name(), sides);
    }
    return sides;
  }

  private Sides ready(CalibrationSeries series) throws IOException, InterruptedException {
    String image = base.image();
    return switch (series.injected()) {
      case NONE -> new Sides(image, image, 0, null);
      case CLASSES -> {
        size();
        int classes = (int) Math.round(series.size() * medianClassesLoaded);
        String a = build(ClassLoadingVariant.build(image, 0, variantDir("classes-0")));
        String b = build(ClassLoadingVariant.build(image, classes, variantDir("classes-" + classes)));
        LOG.info("{}: B loads {} classes more ({} of the base's median {})", series.name(), classes, series.size(),
            Math.round(medianClassesLoaded));
        yield new Sides(a, b, classes, medianClassesLoaded);
      }
      case CPU -> {
        size();
        long millis = Math.max(1, Math.round(series.size() * medianFirstOkMillis));
        String b = build(SlowedVariant.buildSized(image, millis, variantDir("cpu-" + millis)));
        LOG.info("{}: B works the CPU {} ms more ({} of the base's median first OK {} ms)", series.name(), millis,
            series.size(), Math.round(medianFirstOkMillis));
        yield new Sides(image, b, millis, medianFirstOkMillis);
      }
    };
  }

  /** The base's medians over its sizing launches, once a run. */
  private void size() throws InterruptedException {
    if (medianClassesLoaded != null) {
      return;
    }
    List<Double> classes = new ArrayList<>();
    List<Double> firstOk = new ArrayList<>();
    for (int launch = 0; launch < SIZING_LAUNCHES; launch++) {
      try {
        LaunchSample sample = lab.launcher().measure(base, launch, true, new LaunchSteps(false, false));
        firstOk.add(sample.timeToFirstOkMillis());
        if (sample.jvmCountersAtFirstOk() != null) {
          classes.add((double) sample.jvmCountersAtFirstOk().classesLoaded());
        }
      } catch (CellLaunchException e) {
        throw new IllegalStateException("sizing the injected work on " + base.id() + ": " + e.failure().describe(), e);
      }
    }
    if (classes.isEmpty()) {
      throw new IllegalStateException("sizing the injected classes on " + base.id() + ": no launch had the JVM's"
          + " counters (a JVM run with -XX:-UsePerfData, or a pod off this node?)");
    }
    medianClassesLoaded = Distribution.of(classes).median();
    medianFirstOkMillis = Distribution.of(firstOk).median();
  }

  private String build(String variant) {
    built.add(variant);
    return variant;
  }

  private Path variantDir(String name) {
    return workDir.resolve("variants").resolve(name);
  }

  /** Removes the variants this run built; the base image stays. */
  @Override
  public void close() {
    removeBuilt();
    RunStop.remove(exitRemoval);
  }

  private synchronized void removeBuilt() {
    for (String variant : List.copyOf(built)) {
      try {
        AgentVariant.remove(variant);
        built.remove(variant);
      } catch (IOException e) {
        LOG.warn("could not remove {}: {}", variant, e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
