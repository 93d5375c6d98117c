package dev.perflab.harness.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.launch.LabFaults;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.launch.RunStoppedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only good points are finished points: a point measured while the run was told to stop is not recorded, nor is
 * any after it; a point that met a fault of the lab's is reported but measured again by the next run, which says
 * why; a point the app failed stays a result, and a resumed run counts it with its cause.
 */
class SweepTest {

  @TempDir
  Path reportDir;

  @AfterEach
  void noStopOutlivesTheTest() {
    RunStop.clear();
  }

  /** Points 0..n-1, each measuring its index, or doing what {@code during} says first. */
  private static final class Plan implements SweepPlan<Point, Data> {
    private final int points;
    private final Map<Integer, Consumer<Integer>> during = new HashMap<>();
    private final Map<Integer, String> appFailures = new HashMap<>();
    final List<Integer> measured = new ArrayList<>();

    Plan(int points) {
      this.points = points;
    }

    @Override
    public PlannedPoints<Point> planned() {
      List<Point> all = new ArrayList<>();
      for (int i = 0; i < points; i++) {
        all.add(new Point(i));
      }
      return new PlannedPoints<>(all, List.of());
    }

    @Override
    public String settings(Point point) {
      return "point " + point.index();
    }

    @Override
    public Data run(Point point) {
      measured.add(point.index());
      during.getOrDefault(point.index(), index -> { }).accept(point.index());
      String failure = appFailures.get(point.index());
      return new Data(List.of(new Row(point.index(), failure)));
    }

    @Override
    public Optional<String> failure(Data pointData) {
      return pointData.rows().stream().map(Row::failure).filter(failure -> failure != null).findFirst();
    }

    @Override
    public Dataset<Data> dataset() {
      return new Dataset<>(Data.class, new Data(List.of()), (dir, data) -> Files.writeString(dir.resolve("rows.txt"),
          data.rows().toString()));
    }
  }

  record Point(int index) implements SweepPoint {
    @Override
    public String id() {
      return "point #" + index;
    }

    @Override
    public String fileName() {
      return "point-" + index + ".json";
    }
  }

  record Row(int index, String failure) {}

  record Data(List<Row> rows) implements SweepData<Data> {
    @Override
    public Data plus(Data more) {
      return new Data(SweepData.join(rows, more.rows));
    }
  }

  @Test
  void aPointMeasuredWhileTheRunWasToldToStopIsNotRecordedAndNoneStartsAfterIt() throws Exception {
    Plan killed = new Plan(4);
    killed.during.put(1, index -> RunStop.request("a test's stop"));

    assertThatThrownBy(() -> Sweep.run(reportDir, killed)).isInstanceOf(RunStoppedException.class)
        .hasMessageContaining("a test's stop");
    assertThat(killed.measured).as("no point starts after the stop").containsExactly(0, 1);
    assertThat(Files.list(reportDir.resolve("points")).map(file -> file.getFileName().toString()))
        .as("only the point finished before the stop").containsExactly("point-0.json");

    RunStop.clear();
    Plan resumed = new Plan(4);
    Sweep.Outcome<Data> outcome = Sweep.run(reportDir, resumed);
    assertThat(resumed.measured).containsExactly(1, 2, 3);
    assertThat(outcome.resumedPoints()).isEqualTo(1);
    assertThat(outcome.data().rows()).extracting(Row::index).containsExactly(0, 1, 2, 3);
  }

  @Test
  void aPointThatMetALabFaultIsReportedButMeasuredAgainByTheNextRunWhichSaysWhy() throws Exception {
    Plan first = new Plan(3);
    first.during.put(1, index -> LabFaults.record("the Docker engine refused: a test's refusal"));
    Sweep.Outcome<Data> outcome = Sweep.run(reportDir, first);
    assertThat(outcome.data().rows()).as("reported in this run").extracting(Row::index).containsExactly(0, 1, 2);
    assertThat(outcome.labFaulted()).containsExactly("point #1: the Docker engine refused: a test's refusal");

    Plan second = new Plan(3);
    Sweep.Outcome<Data> again = Sweep.run(reportDir, second);
    assertThat(second.measured).as("only the lab-faulted point").containsExactly(1);
    assertThat(again.resumedPoints()).isEqualTo(2);
    assertThat(again.remeasured()).containsExactly("point #1: the Docker engine refused: a test's refusal");
    assertThat(again.labFaulted()).isEmpty();

    Plan third = new Plan(3);
    assertThat(Sweep.run(reportDir, third).resumedPoints()).isEqualTo(3);
    assertThat(third.measured).isEmpty();
    assertThat(Sweep.finished(reportDir, new Plan(3))).isTrue();
  }

  @Test
  void aPointTheAppFailedStaysAResultAndTheResumedRunCountsItWithItsCause() throws Exception {
    Plan first = new Plan(3);
    first.appFailures.put(1, "quarkus/jvm failed in launch 1: exit code 137\n  killed by the kernel OOM killer");
    first.appFailures.put(2, "never answered");
    Sweep.run(reportDir, first);

    Plan second = new Plan(3);
    Sweep.Outcome<Data> resumed = Sweep.run(reportDir, second);
    assertThat(second.measured).isEmpty();
    assertThat(resumed.resumed().failures()).isEqualTo(2);
    assertThat(resumed.resumed().firstFailure()).as("the first, in one line")
        .isEqualTo("point #1: quarkus/jvm failed in launch 1: exit code 137");
  }
}
