package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.PointSettings;
import dev.perflab.harness.experiment.sweep.RecordDataset;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scale's CPU limit: the file's {@code cpus} for a scale without {@code cpuCalibration}, else calibrated
 * ({@link CpuCalibrator}) and kept beside the report, {@value #CSV} (its rounds) and {@value #JSON} (the rounds,
 * the limit or the refusal, and the fingerprint of what was calibrated). A later run into the folder with the same
 * setup takes the limit from there, so a resumed run's ramps share the limit of those it resumes; a changed setup
 * (the calibration's keys, the blocking app's image, its memory, what the users send) calibrates again, and every
 * ramp whose limit then moved is measured again, its settings holding the limit.
 */
final class UserRampCalibration {

  static final String CSV = "cpu-calibration.csv";
  static final String JSON = "cpu-calibration.json";
  private static final Logger LOG = LoggerFactory.getLogger(UserRampCalibration.class);

  /** {@value #JSON}: what was calibrated, its rounds so far, and the limit or the refusal once done. */
  record Recorded(String fingerprint, List<CpuCalibrationRound> rounds, Double cpuLimitCores, String refusal) {}

  private final UserRampSpec spec;
  private final CpuCalibration settings;
  private final RampSettings ramp;
  private final Catalog catalog;
  private final ImageIds images;
  private final String scaleName;
  private final Path reportDir;
  /** Where the block is, for a refusal: the file and its key. */
  private final String where;

  UserRampCalibration(Function<String, Optional<ImageInfo>> findImage, Catalog catalog, UserRampSpec spec,
      String scaleName, Path reportDir, Path file) {
    UserRampScale scale = spec.scale(scaleName);
    this.spec = spec;
    this.settings = scale.cpuCalibration();
    this.ramp = scale.ramp();
    this.catalog = catalog;
    this.images = new ImageIds(findImage);
    this.scaleName = scaleName;
    this.reportDir = reportDir;
    this.where = file + ", userRamp.scales." + scaleName + ".cpuCalibration";
  }

  /** The file's limit without a calibration; else the one recorded for this setup, if a run finished one. */
  Optional<CpuLimit> recordedLimit() {
    if (settings == null) {
      return Optional.of(CpuLimit.cores(spec.cpus()));
    }
    return recorded().map(Recorded::cpuLimitCores).map(CpuLimit::cores);
  }

  /** The limit, recorded or calibrated now in {@code lab}; without a calibration the file's, with no rounds. */
  CpuCalibrator.Outcome outcome(Lab lab) throws InterruptedException {
    if (settings == null) {
      return new CpuCalibrator.Outcome(List.of(), spec.cpus(), null);
    }
    Optional<Recorded> recorded = recorded();
    if (recorded.isPresent()) {
      LOG.info("CPU limit {} CPU, calibrated by an earlier run of this setup ({}); not calibrated again",
          recorded.get().cpuLimitCores(), JSON);
      return new CpuCalibrator.Outcome(recorded.get().rounds(), recorded.get().cpuLimitCores(), null);
    }
    CpuCalibrator.Outcome outcome;
    if (images.find(blockingApp().imageFor(blockingMode())).isEmpty()) {
      outcome = new CpuCalibrator.Outcome(List.of(), null, "CPU calibration refused: no image "
          + blockingApp().imageFor(blockingMode()) + " of the blocking variant '" + spec.analysis().blocking()
          + "' in the local engine (build it with ./mvnw package) (" + where + ")");
    } else {
      CpuCalibrationRun round = new CpuCalibrationRun(lab, blockingApp(), blockingMode(), spec.memoryMebibytes(),
          new RequestMix(spec.mix()), Duration.ofMillis(ramp.thinkTimeMillis()), settings);
      outcome = CpuCalibrator.calibrate(settings, CpuLimit.cores(spec.cpus()), where, round,
          rounds -> write(new Recorded(fingerprint(), rounds, null, null)));
    }
    write(new Recorded(fingerprint(), outcome.rounds(), outcome.cpuLimitCores(), outcome.refusal()));
    return outcome;
  }

  /**
   * What decides the calibration's limit, as text: the limits, what the users send and how often, the calibration's
   * keys, and the blocking app's image with its ID, options and environment.
   */
  String settings() {
    PointSettings text = new PointSettings(UserRampSpec.KIND.key(), scaleName, "cpu calibration", catalog, images);
    text.put("cpus", spec.cpus());
    text.put("memoryMebibytes", spec.memoryMebibytes());
    text.put("mix", spec.mix());
    text.put("thinkTimeMillis", ramp.thinkTimeMillis());
    text.put("cpuCalibration", settings);
    text.put("variant", spec.analysis().blocking());
    text.launching(blockingApp().imageFor(blockingMode()));
    text.put("environment", new TreeMap<>(blockingApp().environment()));
    text.labImage("stub", blockingApp(), LabService.DOWNSTREAM);
    return text.json();
  }

  private String fingerprint() {
    return Sweep.fingerprint(settings());
  }

  /** The record of a finished calibration of this setup that found a limit; empty otherwise. */
  private Optional<Recorded> recorded() {
    Path file = reportDir.resolve(JSON);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      Recorded recorded = Json.MAPPER.readValue(file.toFile(), Recorded.class);
      return recorded.fingerprint().equals(fingerprint()) && recorded.cpuLimitCores() != null ? Optional.of(recorded)
          : Optional.empty();
    } catch (IOException e) {
      LOG.warn("{} does not read back ({}); the CPU limit is calibrated again", file, e.getMessage());
      return Optional.empty();
    }
  }

  private void write(Recorded recorded) {
    try {
      RecordDataset.writeCsv(reportDir, CSV, CpuCalibrationRound.class, recorded.rounds());
      Files.writeString(reportDir.resolve(JSON), Json.MAPPER.writeValueAsString(recorded) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the CPU calibration into " + reportDir, e);
    }
  }

  /** The analysis' blocking variant, as the default scale defines it (the smoke calibrates it too). */
  private RampVariantSpec blockingVariant() {
    return spec.scale("default").variants().stream().filter(v -> v.name().equals(spec.analysis().blocking()))
        .findFirst().orElseThrow(() -> new IllegalStateException("no variant '" + spec.analysis().blocking()
            + "' in the default scale: UserRampSpec.check refuses such a file"));
  }

  private App blockingApp() {
    RampVariantSpec variant = blockingVariant();
    return catalog.app(variant.app()).variant(variant.name(), variant.environment());
  }

  private Mode blockingMode() {
    return catalog.mode(blockingVariant().mode());
  }
}
