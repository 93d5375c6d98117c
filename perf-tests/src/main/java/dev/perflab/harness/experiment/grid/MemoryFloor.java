package dev.perflab.harness.experiment.grid;

/**
 * The smallest memory limit at which no repetition at any CPU limit died (an OOM kill, the JVM's own
 * out-of-memory exit, any exit) up to the end of the target rate's step.
 *
 * @param floorMebibytes null when every memory limit of the grid saw a death
 * @param deathsBelow what ended the points under the floor, e.g. "128 MiB: 4 of 4 killed at startup (OOM)"
 */
public record MemoryFloor(String app, String mode, Long floorMebibytes, String deathsBelow) {}
