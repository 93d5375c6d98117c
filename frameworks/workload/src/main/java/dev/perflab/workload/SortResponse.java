package dev.perflab.workload;

/** {@code POST /sort} answer: the values in the requested order. */
public record SortResponse(int[] values) {}
