package dev.perflab.harness.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.experiment.sweep.SweepPoint;
import dev.perflab.harness.result.ImageInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Every point's settings ({@code SweepPlan.settings}) of a kind's bundled files at their smoke and default scales,
 * held against those recorded in {@code src/test/resources/point-settings}: a finished point resumes only under
 * the settings it was recorded with, so a refactoring that changes a byte of them has every point measured again.
 * The bundled catalog; every image found, its ID made of its name. A file with nothing recorded yet is recorded,
 * and the test fails until the recording is reviewed and committed.
 */
public final class PinnedPointSettings {

  private static final Path BUNDLED = Path.of("../experiments");
  private static final Path RECORDED = Path.of("src/test/resources/point-settings");

  /** The bundled catalog, as a run reads it. */
  public static final Catalog CATALOG = CatalogLoader.bundled();

  /** Every image on the engine, with an ID of its own. */
  public static final Function<String, Optional<ImageInfo>> EVERY_IMAGE =
      image -> Optional.of(new ImageInfo(image, "sha256:id-of-" + image, 1, 1));

  /** A kind's plan of a file at a scale, its settings alone asked for. */
  public interface PlanOf {
    SweepPlan<?, ?> plan(ExperimentLoader.Loaded loaded, String scale);
  }

  private PinnedPointSettings() {}

  /** Each bundled file of {@code kind}: its points' settings at both scales are those recorded. */
  public static void assertUnchanged(ExperimentKind kind, PlanOf planOf) throws IOException {
    List<Path> files;
    try (Stream<Path> listed = Files.list(BUNDLED)) {
      files = listed.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
    }
    int pinned = 0;
    for (Path file : files) {
      ExperimentLoader.Loaded loaded = ExperimentLoader.load(file, CATALOG, BundledKinds.ALL);
      if (!loaded.kind().equals(kind)) {
        continue;
      }
      for (String scale : List.of("smoke", "default")) {
        String name = file.getFileName().toString().replaceFirst("\\.yaml$", "") + "." + scale + ".txt";
        String settings = settings(planOf.plan(loaded, scale));
        Path recorded = RECORDED.resolve(name);
        if (!Files.exists(recorded)) {
          Files.createDirectories(RECORDED);
          Files.writeString(recorded, settings);
          throw new AssertionError(recorded + " was not recorded: it is now; review it and commit it");
        }
        assertThat(settings).as("the point settings of " + file + " at scale " + scale + ", against " + recorded
            + " (a change re-measures every point recorded before it; if that is meant, delete the file and run"
            + " this test again to record it)").isEqualTo(Files.readString(recorded));
        pinned++;
      }
    }
    assertThat(pinned).as("bundled " + kind.key() + " files at two scales").isPositive();
  }

  /**
   * How many points, a digest of every point's file name and settings, and the first point's settings whole (what a
   * failure shows): the settings of every point of the default scales would be hundreds of kilobytes.
   */
  private static <P extends SweepPoint> String settings(SweepPlan<P, ?> plan) {
    List<String> parts = new ArrayList<>();
    for (P point : plan.planned().points()) {
      parts.add(point.fileName());
      parts.add(plan.settings(point));
    }
    assertThat(parts).as("points").isNotEmpty();
    return "points: " + parts.size() / 2 + "\nsha256 of every point's file name and settings: "
        + Sweep.fingerprint(parts.toArray(String[]::new)) + "\nthe first point, " + parts.getFirst() + ":\n"
        + parts.get(1) + "\n";
  }
}
