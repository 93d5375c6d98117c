package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the index.html of a real Gatling 3.15.1 run (Steady, hello and sort, 20/s for 3 s, with
 * {@code perflab.assert.p95Millis=0} and {@code perflab.assert.errorPercent=1}); only its
 * charts script was cut out.
 */
class GatlingReportTest {

  private static Path fixture() throws URISyntaxException {
    return Path.of(GatlingReportTest.class.getResource("steady-run/index.html").toURI()).getParent();
  }

  @Test
  void readsTheGlobalLine() throws Exception {
    GatlingReport report = GatlingReport.read(fixture());
    assertThat(report.global())
        .isEqualTo(new RequestStats("All Requests", 60, 60, 0, 20, 6, 2, 3, 29, 83, 83));
    assertThat(report.indexHtml()).isEqualTo(fixture().resolve("index.html"));
  }

  @Test
  void readsOneLinePerRequestName() throws Exception {
    GatlingReport report = GatlingReport.read(fixture());
    assertThat(report.requests()).extracting(RequestStats::name).containsExactly("sort", "hello");
    assertThat(report.request("sort"))
        .hasValue(new RequestStats("sort", 35, 35, 0, 11.67, 8, 2, 3, 80, 83, 83));
    assertThat(report.request("hello"))
        .hasValue(new RequestStats("hello", 25, 25, 0, 8.33, 2, 2, 2, 3, 4, 4));
    assertThat(report.request("io")).isEmpty();
  }

  @Test
  void readsTheAssertionsAndTheirOutcome() throws Exception {
    GatlingReport report = GatlingReport.read(fixture());
    assertThat(report.assertions()).containsExactly(
        new AssertionResult("Global: 95th percentile of response time is less than 0.0", false),
        new AssertionResult("Global: percentage of failed events is less than or equal to 1.0", true));
    assertThat(report.assertionsPassed()).isFalse();
  }

  @Test
  void latestRunUnderAResultsDirectory(@TempDir Path results) throws Exception {
    Path run = Files.createDirectories(results.resolve("steady-20261122040911000"));
    Files.copy(fixture().resolve("index.html"), run.resolve("index.html"));
    Files.createDirectories(results.resolve("not-a-run"));
    assertThat(GatlingReport.readLatest(results).runDirectory()).isEqualTo(run);
  }

  @Test
  void aPageWithoutStatisticsIsAnError(@TempDir Path run) throws Exception {
    Files.writeString(run.resolve("index.html"), "<html><body>no tables</body></html>");
    assertThatThrownBy(() -> GatlingReport.read(run)).hasMessageStartingWith("no statistics table headings in ");
  }
}
