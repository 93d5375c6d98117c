package dev.perflab.harness.experiment.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A calibrated limit is taken from the report folder only for the setup it was calibrated under, and only once a
 * calibration found one: a resumed run's ramps share the limit of those it resumes, and nothing else does.
 */
class UserRampCalibrationTest {

  private static final Path FILE = Path.of("../experiments/user-ramp.yaml");
  private static final Catalog CATALOG = CatalogLoader.bundled();

  @TempDir
  Path reportDir;

  @Test
  void theLimitOfAFinishedCalibrationOfTheSameSetupIsTakenAndNoOtherIs() throws IOException {
    UserRampCalibration calibration = calibration(image -> Optional.of(new ImageInfo(image, "sha256:a", 1, 1)));
    assertThat(calibration.recordedLimit()).as("nothing recorded").isEmpty();

    record(Sweep.fingerprint(calibration.settings()), null);
    assertThat(calibration.recordedLimit()).as("a calibration killed or refused: no limit").isEmpty();

    record(Sweep.fingerprint(calibration.settings()), 0.368);
    assertThat(calibration.recordedLimit()).hasValueSatisfying(limit -> assertThat(limit.cores()).isEqualTo(0.368));

    UserRampCalibration rebuilt = calibration(image -> Optional.of(new ImageInfo(image, "sha256:b", 1, 1)));
    assertThat(rebuilt.recordedLimit()).as("the blocking app's image rebuilt: calibrated again").isEmpty();
  }

  private UserRampCalibration calibration(Function<String, Optional<ImageInfo>> findImage) throws IOException {
    UserRampSpec spec = (UserRampSpec) ExperimentLoader.load(FILE, CATALOG, BundledKinds.ALL).spec();
    return new UserRampCalibration(findImage, CATALOG, spec, "default", reportDir, FILE);
  }

  private void record(String fingerprint, Double cpuLimitCores) throws IOException {
    CpuCalibrationRound round = new CpuCalibrationRound(1, 1.0, 500, 120, 30, 0.35, 0.35, 830.0, 120.0, 0, null);
    Files.writeString(reportDir.resolve(UserRampCalibration.JSON), Json.MAPPER.writeValueAsString(
        new UserRampCalibration.Recorded(fingerprint, List.of(round), cpuLimitCores, null)));
  }
}
