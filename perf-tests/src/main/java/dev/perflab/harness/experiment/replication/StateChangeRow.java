package dev.perflab.harness.experiment.replication;

/**
 * A server HAProxy marked UP or DOWN during a run, from its log, with when (seconds from the run's first
 * arrival) and HAProxy's reason.
 */
record StateChangeRow(String configuration, int run, double atSeconds, String backend, String server, String state,
    String reason) {}
