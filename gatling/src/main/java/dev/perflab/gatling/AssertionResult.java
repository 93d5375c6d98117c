package dev.perflab.gatling;

/** One of the run's assertions, as Gatling words it, and whether it held. */
public record AssertionResult(String description, boolean passed) {}
