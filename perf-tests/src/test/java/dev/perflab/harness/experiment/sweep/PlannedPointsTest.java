package dev.perflab.harness.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.result.ImageInfo;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A plan keeps its points in order, and skips an app whose image the engine lacks once, saying how to build it. */
class PlannedPointsTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();

  @Test
  void anAppWithoutItsImageIsSkippedOnceHoweverOftenItIsMet() {
    App quarkus = CATALOG.app("quarkus");
    Mode jvm = CATALOG.mode("jvm");
    Mode aot = CATALOG.mode("aot");
    ImageIds images = new ImageIds(image -> image.equals(quarkus.imageFor(jvm))
        ? Optional.of(new ImageInfo(image, "sha256:a", 1, 1)) : Optional.empty());
    PlannedPoints.Builder<String> plan = PlannedPoints.builder(images);
    for (int repetition = 0; repetition < 2; repetition++) {
      for (Mode mode : new Mode[] {jvm, aot}) {
        if (plan.hasImage("quarkus/" + mode.name(), quarkus, mode)) {
          plan.add("quarkus/" + mode.name() + " #" + repetition);
        }
      }
    }

    PlannedPoints<String> planned = plan.build();

    assertThat(planned.points()).containsExactly("quarkus/jvm #0", "quarkus/jvm #1");
    assertThat(planned.skipped()).containsExactly("quarkus/aot: no image " + quarkus.imageFor(aot)
        + " in the local engine (build it with ./mvnw package)");
  }
}
