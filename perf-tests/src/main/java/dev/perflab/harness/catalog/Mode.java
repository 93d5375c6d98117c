package dev.perflab.harness.catalog;

/** How an app is built and run (JVM now; AOT and native join as catalog entries). */
public record Mode(String name, String description) {}
