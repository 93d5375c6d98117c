package dev.perflab.harness.experiment.topology;

/**
 * The most utilised service of a variant at one mix, measured and predicted.
 *
 * @param measuredUtilisation its utilisation (median of the repetitions)
 * @param predictedUtilisation the predicted bottleneck's utilisation in the model
 */
public record TopologyBottleneck(String app, String variant, double mix, String measured, double measuredUtilisation,
    String predicted, Double predictedUtilisation) {}
