package dev.perflab.harness.experiment;

import dev.perflab.harness.experiment.sweep.Dataset;
import dev.perflab.harness.experiment.sweep.PlannedPoints;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.experiment.sweep.SweepData;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.experiment.sweep.SweepPoint;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * A kind added as a user of the engine would, in one class: its block ({@code echo:}), its entry
 * ({@link #KIND}) and its engine. Each point "measures" its index times the block's multiplier, no
 * container needed, so tests can run the shared sweep with resume in a second.
 *
 * @param multiplier what every point measures with: a change re-measures every point
 * @param scales points per scale name
 */
public record EchoSpec(int multiplier, Map<String, Integer> scales) implements KindSpec {

  public static final ExperimentKind KIND =
      new ExperimentKind("echo", "echo", EchoSpec.class, List.of("echoes"), List.of("echo.csv"));

  /** Points measured (not resumed) since the last reset, across runs. */
  static final AtomicInteger MEASURED = new AtomicInteger();

  record Point(int index) implements SweepPoint {

    @Override
    public String id() {
      return "echo #" + index;
    }

    @Override
    public String fileName() {
      return "echo-" + index + ".json";
    }
  }

  record Data(List<Integer> values) implements SweepData<Data> {

    Data {
      values = List.copyOf(values);
    }

    @Override
    public Data plus(Data more) {
      return new Data(SweepData.join(values, more.values));
    }
  }

  @Override
  public void check(SpecCheck check) {
    scales.forEach((name, points) -> {
      if (points < 1) {
        throw check.refuse(name, "echo.scales." + name, "needs at least one point");
      }
    });
  }

  @Override
  public Duration estimate(String scale) {
    return Duration.ofMillis(scales.get(scale));
  }

  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), plan(run));
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    Sweep.Outcome<Data> outcome = Sweep.run(run.reportDir(), plan(run));
    return new ExperimentResult() {
      @Override
      public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("points", outcome.points());
        json.put("resumedPoints", outcome.resumedPoints());
        return json;
      }

      @Override
      public String markdown() {
        return "# " + run.experiment().title() + "\n\n" + outcome.data().values() + "\n"
            + KindReports.footer(KindReports.measuredIn(outcome, run.environment()), run.rerun());
      }

      @Override
      public void html(HtmlPage page) {
        page.section("Echo").preformatted(markdown());
      }

      @Override
      public List<Check> checks() {
        return List.of(Check.passed("experiment echo"));
      }

      @Override
      public List<String> problems() {
        return outcome.skipped();
      }
    };
  }

  private SweepPlan<Point, Data> plan(ExperimentRun run) {
    return new SweepPlan<Point, Data>() {
      @Override
      public PlannedPoints<Point> planned() {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < scales.get(run.scale()); i++) {
          points.add(new Point(i));
        }
        return new PlannedPoints<>(points, List.of());
      }

      @Override
      public String settings(Point point) {
        return point.index() + "x" + multiplier;
      }

      @Override
      public Optional<String> failure(Data pointData) {
        return Optional.empty();
      }

      @Override
      public Data run(Point point) {
        MEASURED.incrementAndGet();
        return new Data(List.of(point.index() * multiplier));
      }

      @Override
      public Dataset<Data> dataset() {
        return new Dataset<>(Data.class, new Data(List.of()), (reportDir, data) -> {
          Files.createDirectories(reportDir);
          Files.writeString(reportDir.resolve("echo.csv"), "value\n"
              + data.values().stream().map(String::valueOf).collect(Collectors.joining("\n", "", "\n")));
        });
      }
    };
  }
}
