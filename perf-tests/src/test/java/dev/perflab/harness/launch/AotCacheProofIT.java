package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.Outcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An AOT cell whose cache is not used must fail, never pass as a slow JVM-mode run: both ways
 * the cache can go unused are caught, each with a message that says why.
 */
@Tag("smoke")
class AotCacheProofIT {

  private final Catalog catalog = CatalogLoader.bundled();
  private final Cell quarkusAot = cell("quarkus/aot/1cpu-512m");

  @Test
  void aCacheTheJvmRejectsStopsTheCellAtStartup() {
    // A JVM flag the cache was not trained with: the JVM refuses the cache, and -XX:AOTMode=on
    // turns that into an error instead of a run without it.
    Catalog otherFlags = new Catalog(catalog.jvmOptions() + " -XX:-UseCompressedOops", catalog.aotTraining(),
        catalog.baseImage(), catalog.measuredCpuset(), catalog.harnessCpuset(), catalog.apps(), catalog.modes(),
        catalog.profiles(), catalog.downstream(), catalog.database(), catalog.registry(), catalog.balancer(),
        catalog.load());

    Outcome.Failed failure = measureOnce(otherFlags, quarkusAot);

    assertThat(failure.describe()).contains("quarkus/aot/1cpu-512m failed in launch 0", "exit code 1",
        "Unable to use AOT cache");
  }

  @Test
  void anImageThatDoesNotMapTheCacheFailsTheCell() {
    // The JVM-mode image run as if it were the AOT one: it starts fine, but maps no cache.
    App quarkus = quarkusAot.app();
    App withoutCache = new App(quarkus.name(), quarkus.framework(), quarkus.frameworkVersion(),
        quarkus.frameworkVersionProperty(), quarkus.contract(), quarkus.port(), quarkus.readinessPath(),
        quarkus.startupLogPattern(), null, Map.of("aot", quarkus.imageFor(catalog.mode("jvm"))),
        null, null, null, quarkus.uses(), quarkus.environment(), quarkus.nodeScheduling());
    Mode aot = quarkusAot.mode();
    Mode cacheOnly = new Mode(aot.name(), aot.description(), aot.aotCache(), null, null, aot.jvm(), aot.buildArguments());
    Cell cell = new Cell(withoutCache, cacheOnly, quarkusAot.profile());

    Outcome.Failed failure = measureOnce(catalog, cell);

    assertThat(failure.reason()).contains("AOT cache check", "has not mapped the AOT cache /app/app.aot");
  }

  private Outcome.Failed measureOnce(Catalog catalog, Cell cell) {
    List<CellResult> results;
    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      results = List.of(Launches.measure(lab, cell, Launches.DISCARDED, 1));
    }
    assertThat(results.getFirst().measured()).isEmpty();
    assertThat(results.getFirst().outcome()).isInstanceOf(Outcome.Failed.class);
    return (Outcome.Failed) results.getFirst().outcome();
  }

  private Cell cell(String id) {
    return catalog.cells().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
  }
}
