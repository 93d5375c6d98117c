package dev.perflab.harness.experiment.replication;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.finding.StudyFigure;

/**
 * The study's figures the findings are judged against (its Tables I and II), each with its source and for the row
 * it belongs to: the grid runs every configuration behind HAProxy, so the monolith without replicas is the study's
 * MON-1 behind HAProxy, not its monolith without a balancer.
 *
 * @param monolithApdex MON-1's Apdex (one replica behind HAProxy)
 * @param splitApdex MSA-1-1-1's Apdex
 * @param monolithEffectiveFailureRatio MON-1's effective failure ratio
 * @param splitEffectiveFailureRatio MSA-1-1-1's
 * @param monolithFullAcceptanceReplicas the monolith's replicas at full acceptance: the ratio's numerator
 * @param splitFullAcceptanceWorkers the split version's worker replicas at full acceptance: its denominator
 * @param workerOnlyBelow800MillisShareOfOk the share of successful answers under 800 ms where replicating only the
 *     worker levels off
 * @param secondGatewayBelow800MillisShareOfOk that share once the gateway is doubled
 */
public record ReplicationAnalysis(StudyFigure monolithApdex, StudyFigure splitApdex,
    StudyFigure monolithEffectiveFailureRatio, StudyFigure splitEffectiveFailureRatio,
    StudyFigure monolithFullAcceptanceReplicas, StudyFigure splitFullAcceptanceWorkers,
    StudyFigure workerOnlyBelow800MillisShareOfOk, StudyFigure secondGatewayBelow800MillisShareOfOk) {

  public ReplicationAnalysis {
    required(monolithApdex, "monolithApdex");
    required(splitApdex, "splitApdex");
    required(monolithEffectiveFailureRatio, "monolithEffectiveFailureRatio");
    required(splitEffectiveFailureRatio, "splitEffectiveFailureRatio");
    required(monolithFullAcceptanceReplicas, "monolithFullAcceptanceReplicas");
    required(splitFullAcceptanceWorkers, "splitFullAcceptanceWorkers");
    required(workerOnlyBelow800MillisShareOfOk, "workerOnlyBelow800MillisShareOfOk");
    required(secondGatewayBelow800MillisShareOfOk, "secondGatewayBelow800MillisShareOfOk");
    if (!(monolithFullAcceptanceReplicas.value() >= 1) || !(splitFullAcceptanceWorkers.value() >= 1)) {
      throw new IllegalArgumentException("'monolithFullAcceptanceReplicas' and 'splitFullAcceptanceWorkers' are"
          + " replica counts, at least 1, got " + monolithFullAcceptanceReplicas.value() + " and "
          + splitFullAcceptanceWorkers.value());
    }
  }

  /** The study's ratio the replica finding is judged on: the monolith's replicas over the split version's workers. */
  double fullAcceptanceReplicaRatio() {
    return monolithFullAcceptanceReplicas.value() / splitFullAcceptanceWorkers.value();
  }
}
