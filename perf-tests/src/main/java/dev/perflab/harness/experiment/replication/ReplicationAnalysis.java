package dev.perflab.harness.experiment.replication;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.finding.StudyFigure;

/**
 * The study's figures the findings are judged against (its Tables I and II), each with its source.
 *
 * @param monolithApdex the monolith's Apdex without replicas
 * @param splitApdex the split version's Apdex without replicas
 * @param monolithEffectiveFailureRatio the monolith's effective failure ratio without replicas
 * @param splitEffectiveFailureRatio the split version's
 * @param monolithFullAcceptanceReplicas the monolith's replicas at full acceptance
 * @param splitFullAcceptanceWorkers the split version's worker replicas at full acceptance
 * @param workerOnlyUnder800Share the share of answers under 800 ms where replicating only the worker levels off
 * @param secondGatewayUnder800Share that share once the gateway is doubled
 */
public record ReplicationAnalysis(StudyFigure monolithApdex, StudyFigure splitApdex,
    StudyFigure monolithEffectiveFailureRatio, StudyFigure splitEffectiveFailureRatio,
    StudyFigure monolithFullAcceptanceReplicas, StudyFigure splitFullAcceptanceWorkers,
    StudyFigure workerOnlyUnder800Share, StudyFigure secondGatewayUnder800Share) {

  public ReplicationAnalysis {
    required(monolithApdex, "monolithApdex");
    required(splitApdex, "splitApdex");
    required(monolithEffectiveFailureRatio, "monolithEffectiveFailureRatio");
    required(splitEffectiveFailureRatio, "splitEffectiveFailureRatio");
    required(monolithFullAcceptanceReplicas, "monolithFullAcceptanceReplicas");
    required(splitFullAcceptanceWorkers, "splitFullAcceptanceWorkers");
    required(workerOnlyUnder800Share, "workerOnlyUnder800Share");
    required(secondGatewayUnder800Share, "secondGatewayUnder800Share");
  }
}
