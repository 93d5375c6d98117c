package dev.perflab.harness.build;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.launch.HarnessCpuAffinity;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Toolchain;
import dev.perflab.harness.measure.ReapedChildrenCpu;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.BuildCost;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Times the build of each app in each mode: {@code ./mvnw package} of the app alone, with the
 * catalog's switches that leave the other modes out, offline (the perf run's own build has just
 * filled the caches) and with Docker's layer cache off, so every step, AOT training included,
 * really runs. Each build also leaves that mode's image rebuilt, as the cells then measure it.
 * An app without a module (a service whose images are built elsewhere) is reported as not
 * built here, per mode it has an image for.
 */
public final class ModeBuild {

  private static final Logger LOG = LoggerFactory.getLogger(ModeBuild.class);
  private static final Duration TIMEOUT = Duration.ofMinutes(30);
  static final String NOT_BUILT_HERE = "not built by perflab: the catalog names no module for this app, only its images";

  private final Catalog catalog;
  private final Path projectDir;
  private final Path logDir;
  private final Images images;

  public ModeBuild(Catalog catalog, Path projectDir, Path logDir, Images images) {
    this.catalog = catalog;
    // Absolute: the build runs in the checkout, where a relative ../mvnw would miss the wrapper.
    this.projectDir = projectDir.toAbsolutePath().normalize();
    this.logDir = logDir;
    this.images = images;
  }

  public List<BuildCost> measureAll(int repetitions) {
    // A lab opened earlier in this JVM (a parity or smoke test before the perf run) pinned it to the
    // harness CPU, and the builds would inherit that: they are timed on the whole machine.
    HarnessCpuAffinity.unpin();
    List<BuildCost> costs = new ArrayList<>();
    for (App app : catalog.apps()) {
      for (Mode mode : catalog.modes()) {
        if (app.imageFor(mode) == null) {
          continue;
        }
        costs.add(app.module() == null ? BuildCost.unavailable(app.name(), mode.name(), NOT_BUILT_HERE)
            : measure(app, mode, repetitions));
      }
    }
    return List.copyOf(costs);
  }

  BuildCost measure(App app, Mode mode, int repetitions) {
    String image = app.imageFor(mode);
    if (mode.toolchain() != null) {
      Optional<Path> tool = Toolchain.locate(mode.toolchain());
      if (tool.isEmpty()) {
        return BuildCost.unavailable(app.name(), mode.name(), Toolchain.unavailableReason(mode.toolchain(), image, tool));
      }
    }
    List<String> command = command(app, mode);
    List<Long> wall = new ArrayList<>();
    List<Long> cpu = new ArrayList<>();
    try {
      // Each build retrains, so each has its own record; the last one describes the image left.
      Optional<AotTraining> training = Optional.empty();
      for (int repetition = 1; repetition <= repetitions; repetition++) {
        Path log = logDir.resolve(app.name() + "-" + mode.name() + "-" + repetition + ".log");
        long cpuBefore = ReapedChildrenCpu.millis();
        long start = System.nanoTime();
        MavenProcess.run(command, projectDir, log, TIMEOUT);
        wall.add((System.nanoTime() - start) / 1_000_000);
        training = training(mode, image);
        cpu.add(ReapedChildrenCpu.millis() - cpuBefore + training.map(AotTraining::totalCpuMillis).orElse(0L));
        LOG.info("build {}/{} {}/{}: {} ms wall, {} ms CPU", app.name(), mode.name(), repetition, repetitions,
            wall.getLast(), cpu.getLast());
      }
      long cacheBytes = training.map(AotTraining::cacheBytes).orElse(0L);
      long artifactBytes = sizeOf(projectDir.resolve(app.module()).resolve(app.artifacts().get(mode.name()))) + cacheBytes;
      long imageBytes = images.find(image).map(ImageInfo::sizeBytes).orElse(0L);
      return new BuildCost(app.name(), mode.name(), command, wall, cpu, artifactBytes, imageBytes, Outcome.MEASURED);
    } catch (BuildFailedException e) {
      LOG.error("build {}/{} failed: {}", app.name(), mode.name(), e.getMessage());
      return new BuildCost(app.name(), mode.name(), command, wall, cpu, 0, 0,
          new Outcome.Failed(subject(app, mode), e.reason() + " (log: " + e.log() + ")", null, null, e.logTail()));
    } catch (IOException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      LOG.error("build {}/{} failed: {}", app.name(), mode.name(), e.getMessage());
      return new BuildCost(app.name(), mode.name(), command, wall, cpu, 0, 0,
          Outcome.Failed.of(subject(app, mode), String.valueOf(e.getMessage())));
    }
  }

  /** "build quarkus/aot": how a failed build is named. */
  private static String subject(App app, Mode mode) {
    return "build " + app.name() + "/" + mode.name();
  }

  /**
   * The app's module with the modules of the build it depends on (for the framework apps: the
   * workload, and the parent POMs), in this mode alone.
   */
  List<String> command(App app, Mode mode) {
    List<String> command = new ArrayList<>(List.of(
        projectDir.resolve("mvnw").toString(), "--offline", "--batch-mode", "--quiet", "package",
        "-DskipTests", "-Dperflab.image.nocache=true", "--projects", app.module(), "--also-make"));
    command.addAll(mode.buildArguments());
    return List.copyOf(command);
  }

  private Optional<AotTraining> training(Mode mode, String image) throws IOException {
    if (mode.aotTrainingRecord() == null) {
      return Optional.empty();
    }
    return Optional.of(images.aotTraining(image, mode.aotTrainingRecord()));
  }

  /** A file's size, or the sum of the regular files under a directory. */
  static long sizeOf(Path path) throws IOException {
    if (!Files.exists(path)) {
      throw new IOException("the build left no artifact at " + path);
    }
    try (Stream<Path> files = Files.walk(path)) {
      return files.filter(Files::isRegularFile).mapToLong(file -> {
        try {
          return Files.size(file);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).sum();
    }
  }
}
