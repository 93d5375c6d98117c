package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.finding.FindingClaim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/** A replication experiment's analyses: each configuration over its runs, then the findings from them. */
final class ReplicationAnalyses {

  private ReplicationAnalyses() {}

  static ReplicationReport analyse(ReplicationData data, List<Configuration> configurations, ReplicationSpec spec,
      List<FindingClaim> claims) {
    Map<String, ConfigurationResult> results = new LinkedHashMap<>();
    for (Configuration configuration : configurations) {
      List<StepRow> rows = data.steps().stream().filter(row -> row.configuration().equals(configuration.name()))
          .filter(StepRow::all).toList();
      if (!rows.isEmpty()) {
        results.put(configuration.name(), result(configuration, rows, data, spec));
      }
    }
    return new ReplicationReport(List.copyOf(results.values()),
        ReplicationFindings.judge(claims, configurations, results, spec.analysis()));
  }

  private static ConfigurationResult result(Configuration configuration, List<StepRow> rows, ReplicationData data,
      ReplicationSpec spec) {
    List<StepRow> measured = rows.stream().filter(StepRow::measured).toList();
    List<StepRow> clean = measured.stream().filter(row -> !row.faulted()).toList();
    String fault = configuration.kill() == null ? null
        : configuration.kill().replica() + " killed " + configuration.kill().atSeconds() + " s into a run after the clean ones";
    String failure = measured.isEmpty() ? rows.getFirst().failure() : null;
    // The study's figures are a configuration's own: a faulted run is its fault's, reported apart.
    List<StepRow> figures = clean.isEmpty() ? measured : clean;
    Double faultCost = null;
    List<StepRow> faulted = measured.stream().filter(StepRow::faulted).toList();
    if (!faulted.isEmpty() && !clean.isEmpty()) {
      faultCost = faulted.getFirst().effectiveFailureRatio()
          - spread(clean, StepRow::effectiveFailureRatio).median();
    }
    if (!faulted.isEmpty()) {
      fault += "; in that run HAProxy's " + balancerView(data, configuration, faulted.getFirst().run());
    }
    double threshold = spec.fullAcceptanceMaxEffectiveFailureRatio();
    long accepting = figures.stream().filter(row -> row.effectiveFailureRatio() <= threshold).count();
    String fullAcceptance = figures.isEmpty() ? "–" : accepting == figures.size() ? ConfigurationResult.EVERY_RUN
        : accepting > 0 ? ConfigurationResult.SOME_RUNS : ConfigurationResult.NO_RUN;
    List<String> changes = data.stateChanges().stream()
        .filter(change -> change.configuration().equals(configuration.name()))
        .map(change -> String.format(Locale.ROOT, "run %d, %.1f s: %s/%s %s%s", change.run() + 1, change.atSeconds(),
            change.backend(), change.server(), change.state(),
            change.reason() == null || change.reason().isBlank() ? "" : " (" + change.reason() + ")"))
        .toList();
    return new ConfigurationResult(configuration.name(), configuration.version(), configuration.shape(),
        configuration.balancer(), fault, measured.size(), median(figures, StepRow::planned),
        median(figures, StepRow::sent), median(figures, StepRow::ok), median(figures, StepRow::ko),
        median(figures, StepRow::koStatus4xx), median(figures, StepRow::koStatus5xx),
        median(figures, StepRow::koNoAnswer), median(figures, StepRow::koTimeout), spread(figures, StepRow::apdex),
        spread(figures, StepRow::effectiveFailureRatio),
        spread(figures, row -> row.sent() == 0 ? 0 : (double) row.ko() / row.sent()),
        spread(figures, StepRow::below800MillisShareOfOk),
        spread(figures, row -> share(row.okFrom800To1200Millis(), row.ok())),
        spread(figures, row -> share(row.okAtOrAbove1200Millis(), row.ok())),
        spread(figures, StepRow::below800MillisShareOfSent), fullAcceptance,
        containers(data, configuration, figures, ContainerRow::cpuSeconds),
        containers(data, configuration, figures, row -> row.memoryMaxBytes() / 1048576.0), faultCost, changes,
        failure);
  }

  /** What HAProxy counted for the killed replica's backend in the faulted run: retries, redispatches, errors. */
  private static String balancerView(ReplicationData data, Configuration configuration, int run) {
    String backend = "be_" + configuration.kill().service();
    return data.servers().stream().filter(row -> row.configuration().equals(configuration.name()))
        .filter(row -> row.run() == run && row.backend().equals(backend) && row.server().equals("BACKEND"))
        .map(row -> String.format(Locale.ROOT, "%s: %d requests, %d retried, %d redispatched to another replica,"
            + " %d connection and %d response errors, %d 5xx", backend, row.sessions(), row.retries(),
            row.redispatches(), row.connectionErrors(), row.responseErrors(), row.responses5xx()))
        .findFirst().orElse(backend + ": no statistics");
  }

  /** Over the runs of {@code figures}, each run's containers summed; the median run's sum. */
  private static double containers(ReplicationData data, Configuration configuration, List<StepRow> figures,
      ToDoubleFunction<ContainerRow> value) {
    List<Double> sums = new ArrayList<>();
    for (StepRow run : figures) {
      sums.add(data.containers().stream().filter(row -> row.configuration().equals(configuration.name()))
          .filter(row -> row.run() == run.run()).mapToDouble(value).sum());
    }
    return sums.isEmpty() ? Double.NaN : Spread.of(sums).median();
  }

  private static double share(long count, long of) {
    return of == 0 ? 0 : (double) count / of;
  }

  static Spread spread(List<StepRow> rows, ToDoubleFunction<StepRow> value) {
    return Spread.of(rows.stream().map(row -> value.applyAsDouble(row)).toList());
  }

  private static long median(List<StepRow> rows, ToLongFunction<StepRow> value) {
    return rows.isEmpty() ? 0 : Math.round(Spread.of(rows.stream().map(row -> (double) value.applyAsLong(row))
        .toList()).median());
  }
}
