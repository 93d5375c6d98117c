package dev.perflab.workload;

/** {@code GET /io}: the delay asked of the downstream and the status it answered with. */
public record IoResponse(int delayMs, int downstreamStatus) {}
