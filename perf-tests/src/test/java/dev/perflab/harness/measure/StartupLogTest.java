package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.CatalogLoader;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The catalog's patterns against real startup lines of each framework. */
class StartupLogTest {

  private static final Map<String, String> LOG_LINE_BY_APP = Map.of(
      "spring-boot", "2026-11-21T23:59:01.123Z  INFO 1 --- [main] dev.perflab.app.PerflabApplication"
          + "        : Started PerflabApplication in 2.345 seconds (process running for 2.912)",
      "spring-boot-webflux", "2026-11-21T23:59:01.123Z  INFO 1 --- [main] dev.perflab.app.PerflabApplication"
          + "        : Started PerflabApplication in 1.789 seconds (process running for 2.101)",
      "quarkus", "2026-11-21 23:59:01,123 INFO  [io.quarkus] (main) perflab-quarkus 0.1.0-SNAPSHOT on JVM"
          + " (powered by Quarkus 3.38.2) started in 1.234s. Listening on: http://0.0.0.0:8080",
      "micronaut", "23:59:01.123 [main] INFO  io.micronaut.runtime.Micronaut - Startup completed in 456ms."
          + " Server Running: http://4f2a1b:8080");

  private static final Map<String, Double> EXPECTED_MILLIS =
      Map.of("spring-boot", 2345.0, "spring-boot-webflux", 1789.0, "quarkus", 1234.0, "micronaut", 456.0);

  @Test
  void everyCatalogPatternReadsItsFrameworksLine() {
    for (App app : CatalogLoader.bundled().apps()) {
      String log = "some earlier line\n" + LOG_LINE_BY_APP.get(app.name()) + "\nlater line";
      assertThat(StartupLog.reportedMillis(app.startupLogPattern(), log))
          .as(app.name())
          .hasValue(EXPECTED_MILLIS.get(app.name()));
    }
  }

  @Test
  void absentLineIsEmptyNotZero() {
    assertThat(StartupLog.reportedMillis(Pattern.compile("started in (?<seconds>[0-9.]+)s"), "nothing here"))
        .isEmpty();
  }
}
