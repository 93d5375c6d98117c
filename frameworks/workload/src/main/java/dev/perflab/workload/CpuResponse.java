package dev.perflab.workload;

/** {@code GET /cpu}: how many rounds ran and the final digest in lower-case hex. */
public record CpuResponse(int iterations, String result) {}
