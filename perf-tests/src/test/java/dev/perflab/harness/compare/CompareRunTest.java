package dev.perflab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.ImageTemplate;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompareRunTest {

  /**
   * The A/B against a recorded run once launched the catalog's image on side B whatever
   * perflab.compare.candidate said, and its summary named the candidate: a slowed image passed.
   */
  @Test
  void sideBAgainstARecordedRunIsTheCandidateGiven() {
    Catalog catalog = CatalogLoader.load(null);
    Cell cell = catalog.cells().getFirst();
    CompareSettings settings = new CompareSettings(CompareMode.AB, ImageTemplate.CATALOG,
        ImageTemplate.parse("{image}-candidate"), Path.of("results.json"), List.of(), 5, 1,
        CompareSettings.thresholds(""), false, null, null, null, 0.10, false, 3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.NONE);

    Cell candidate = CompareRun.candidateAgainstRecorded(cell, settings);

    assertThat(candidate.image()).isEqualTo(cell.image() + "-candidate");
    assertThat(candidate.id()).isEqualTo(cell.id());
  }
}
