package dev.perflab.harness.build;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Toolchain;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds one app at a given version of its framework, for the framework-upgrade check: {@code
 * ./mvnw package} of the app's module and what it depends on, with {@code
 * -D<frameworkVersionProperty>=<version>}, which switches the framework's BOM and plugins and
 * tags the images with that version ({@link App#atVersion}), beside the current version's.
 *
 * <p>It always builds, even where images of that version exist: they must come from this
 * checkout. The cost, measured here (2 vCPUs) for the JVM and AOT modes together: 40-60 s per
 * app once the version's artifacts are in the local repository (20-30 s of it the AOT cache's
 * training and assembly), about 1.5 min for a version's first build, which downloads them
 * (online for that reason). The build replaces the module's target directory. Its AOT training
 * database is a labelled container, which a harness JVM starting meanwhile sweeps away: build
 * before the lab opens, not beside another run.
 */
public final class VersionBuild {

  private static final Logger LOG = LoggerFactory.getLogger(VersionBuild.class);

  private final Path projectDir;
  private final Path logDir;
  private final BuildTimeLimit timeLimit;
  private final Images images;

  /**
   * @param projectDir the checkout whose ./mvnw builds the app
   * @param logDir where each build's output goes, {@code <app>-<version>-<modes>.log}
   * @param timeout how long one build may take before it is killed and reported as failed
   * @param images the engine the images are built into, asked for them afterwards
   */
  public VersionBuild(Path projectDir, Path logDir, Duration timeout, Images images) {
    this(projectDir, logDir, BuildTimeLimit.of(timeout), images);
  }

  VersionBuild(Path projectDir, Path logDir, BuildTimeLimit timeLimit, Images images) {
    // Absolute: the build runs in the checkout, where a relative ../mvnw would miss the wrapper.
    this.projectDir = projectDir.toAbsolutePath().normalize();
    this.logDir = logDir;
    this.timeLimit = timeLimit;
    this.images = images;
  }

  /**
   * Builds {@code app} at {@code version} in {@code modes}. A failed build is a result, not an
   * exception: its failure names the version, the reason and the log.
   *
   * @throws IllegalArgumentException if the version cannot tag an image, no mode is given, or
   *     a mode needs a tool this machine lacks (its image would silently not be built)
   */
  public VersionBuildResult build(App app, String version, List<Mode> modes) throws InterruptedException {
    App target = app.atVersion(version);
    if (modes.isEmpty()) {
      throw new IllegalArgumentException("no mode to build " + app.name() + " " + version + " in");
    }
    for (Mode mode : modes) {
      if (mode.toolchain() != null) {
        Optional<Path> tool = Toolchain.locate(mode.toolchain());
        if (tool.isEmpty()) {
          throw new IllegalArgumentException("cannot build " + app.name() + " " + version + " in " + mode.name() + ": "
              + Toolchain.unavailableReason(mode.toolchain(), target.imageFor(mode), tool));
        }
      }
    }
    List<String> modeNames = modes.stream().map(Mode::name).toList();
    List<String> command = command(projectDir, app, version, modes);
    Path log = logDir.resolve(app.name() + "-" + version + "-" + String.join("+", modeNames) + ".log");
    LOG.info("building {} {} ({}), log: {}", app.name(), version, String.join(", ", modeNames), log);
    long start = System.nanoTime();
    try {
      MavenProcess.run(command, projectDir, log, timeLimit);
    } catch (BuildFailedException e) {
      return failed(app, version, modeNames, command, start, log, e.reason(), e.logTail());
    } catch (IOException e) {
      return failed(app, version, modeNames, command, start, log, "the build could not be run: " + e.getMessage(),
          List.of());
    }
    long wallMillis = millisSince(start);
    List<ImageInfo> built = new ArrayList<>();
    for (Mode mode : modes) {
      String image = target.imageFor(mode);
      Optional<ImageInfo> found = image == null ? Optional.empty() : images.find(image);
      if (found.isEmpty()) {
        // Maven succeeded but tagged nothing under the version's name: the module's image tag
        // does not follow the property (it must set perflab.framework.version from it).
        return failed(app, version, modeNames, command, start, log, "the build succeeded but left no " + mode.name()
            + " image " + image + "; does " + app.module() + "/pom.xml set perflab.framework.version to ${"
            + app.frameworkVersionProperty() + "}?", List.of());
      }
      built.add(found.get());
    }
    LOG.info("built {} {} in {} s: {}", app.name(), version, wallMillis / 1000,
        built.stream().map(ImageInfo::image).collect(Collectors.joining(", ")));
    return new VersionBuildResult(app.name(), version, modeNames, command, built, wallMillis, log, Outcome.MEASURED);
  }

  /**
   * {@code <projectDir>/mvnw -B -pl <module> -am package -DskipTests -D<property>=<version>},
   * then the arguments that build exactly {@code modes} ({@link #modeArguments}).
   */
  static List<String> command(Path projectDir, App app, String version, List<Mode> modes) {
    List<String> command = new ArrayList<>(List.of(projectDir.resolve("mvnw").toString(), "-B",
        "-pl", app.module(), "-am", "package", "-DskipTests", "-D" + app.frameworkVersionProperty() + "=" + version));
    command.addAll(modeArguments(modes));
    return List.copyOf(command);
  }

  /**
   * What builds exactly these modes, from the catalog's per-mode {@code buildArguments}: each
   * builds its mode alone by switching the others off with {@code -Dperflab.<mode>.skip=true}
   * (the parent POM's switches). So the arguments of several modes are all of theirs, less the
   * switches that would turn one of them off: jvm + aot is a plain build, jvm + native is
   * {@code -Dperflab.aot.skip=true -Pnative}.
   */
  static List<String> modeArguments(List<Mode> modes) {
    Set<String> ownSwitches = modes.stream().map(VersionBuild::skipSwitch).collect(Collectors.toSet());
    Set<String> arguments = new LinkedHashSet<>();
    for (Mode mode : modes) {
      mode.buildArguments().stream().filter(argument -> !ownSwitches.contains(argument)).forEach(arguments::add);
    }
    return List.copyOf(arguments);
  }

  private static String skipSwitch(Mode mode) {
    return "-Dperflab." + mode.name() + ".skip=true";
  }

  /** Failed as {@code <app> <version> did not build: <reason> (log: <file>)}, with the log's last lines. */
  private static VersionBuildResult failed(App app, String version, List<String> modes, List<String> command,
      long start, Path log, String reason, List<String> logTail) {
    Outcome.Failed failure = new Outcome.Failed(app.name() + " " + version + " did not build",
        reason + " (log: " + log + ")", null, null, logTail);
    LOG.error(failure.headline());
    return new VersionBuildResult(app.name(), version, modes, command, List.of(), millisSince(start), log, failure);
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
