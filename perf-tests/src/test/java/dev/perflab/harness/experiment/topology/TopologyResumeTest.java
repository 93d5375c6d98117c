package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.sweep.PointStore;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How each request's type is drawn is part of what a point measures: a point measured with each user keeping its
 * type does not resume under the default, a type drawn per request, nor the other way round. Per user, a point keeps
 * the settings it had before the draw was a setting (the topologies then all ran so), so those points still resume.
 */
class TopologyResumeTest {

  private static final Path PIPES = Path.of("../experiments/topology-pipes-and-filters.yaml");

  @TempDir
  Path reportDir;

  @Test
  void aPointMeasuredWithATypePerUserIsMeasuredAgainWhenEachRequestDrawsItsType() throws IOException {
    String text = Files.readString(PIPES);
    TopologyPlan perRequest = plan(text);
    TopologyPlan perUser = plan(text.replace("\n  studyUsers: 16\n", "\n  studyUsers: 16\n  typeDraw: per-user\n"));
    PointStore<TopologyPoint, TopologyData> measuredPerUser = new PointStore<>(reportDir, TopologyData.class,
        point -> Sweep.fingerprint(perUser.settings(point)));
    for (TopologyPoint point : perUser.planned().points()) {
      measuredPerUser.save(point, TopologyData.EMPTY);
    }

    assertThat(perUser.planned().points()).isNotEmpty();
    assertThat(Sweep.finished(reportDir, perUser)).isTrue();
    assertThat(Sweep.finished(reportDir, perRequest)).isFalse();
    TopologyPoint point = perRequest.planned().points().getFirst();
    JsonNode drawn = Json.MAPPER.readTree(perRequest.settings(point));
    JsonNode kept = Json.MAPPER.readTree(perUser.settings(point));
    assertThat(drawn.get("typeDraw").asText()).isEqualTo("per-request");
    assertThat(kept.has("typeDraw")).as("a per-user point's settings as before the draw was a setting").isFalse();
  }

  /** Its smoke scale's points, every image found (no engine asked), none run. */
  private static TopologyPlan plan(String text) {
    TopologySpec spec = StrictYaml.parse(text, PIPES.toString()).readBlock("topology", TopologySpec.class);
    return TopologyPlan.toCheck(image -> Optional.of(new ImageInfo(image, "sha256:fixture", 1, 1)),
        CatalogLoader.bundled(), spec, "smoke", List.of());
  }
}
