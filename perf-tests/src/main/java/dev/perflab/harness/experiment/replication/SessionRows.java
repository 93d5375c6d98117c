package dev.perflab.harness.experiment.replication;

import dev.perflab.gatling.RequestFigures;
import dev.perflab.gatling.SessionOutcome;
import dev.perflab.gatling.SessionStep;
import dev.perflab.harness.load.SessionRun;
import java.util.ArrayList;
import java.util.List;

/** A run's sessions as the study's table: a row per step, each preflight its own, then one of every step together. */
final class SessionRows {

  private SessionRows() {}

  static List<StepRow> of(Configuration configuration, int run, boolean faulted, SessionRun.Result result,
      int apdexMillis) {
    SessionOutcome outcome = result.outcome();
    if (outcome == null) {
      return List.of(StepRow.failed(configuration, run, faulted,
          result.failure() + (result.logTail().isEmpty() ? "" : "\n" + String.join("\n", result.logTail()))));
    }
    List<StepRow> rows = new ArrayList<>();
    for (SessionStep step : SessionStep.values()) {
      rows.add(row(configuration, run, faulted, step.stepName(), outcome.step(step), apdexMillis));
    }
    rows.add(row(configuration, run, faulted, StepRow.ALL, outcome.overall(), apdexMillis));
    return rows;
  }

  /** One step's row; a share over nothing (nothing sent, nothing OK) is 0, as a run that answered nothing scores. */
  static StepRow row(Configuration configuration, int run, boolean faulted, String step, RequestFigures figures,
      int apdexMillis) {
    RequestFigures.LatencyBuckets buckets = figures.okLatencyBuckets();
    return new StepRow(configuration.name(), configuration.version(), configuration.shape(),
        configuration.balancer(), run, faulted, step, figures.planned(), figures.sent(), figures.ok(),
        figures.ko().total(), figures.ko().status4xx(), figures.ko().status5xx(),
        figures.ko().statusOther() + figures.ko().invalidBody(), figures.ko().noAnswer(), figures.ko().timeout(),
        buckets.below800Millis(), buckets.from800To1200Millis(), buckets.atOrAbove1200Millis(),
        figures.sent() == 0 ? 0 : figures.apdex(apdexMillis), figures.effectiveFailureRatio(),
        figures.ok() == 0 ? 0 : buckets.below800MillisShareOfOk(),
        figures.sent() == 0 ? 0 : figures.below800MillisShareOfSent(), millis(figures, 50), millis(figures, 99), null);
  }

  private static double millis(RequestFigures figures, double percentile) {
    return figures.ok() == 0 ? 0 : figures.okLatencyMicros().getValueAtPercentile(percentile) / 1000.0;
  }
}
