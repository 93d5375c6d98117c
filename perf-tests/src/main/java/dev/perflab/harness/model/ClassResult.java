package dev.perflab.harness.model;

/**
 * One customer class.
 *
 * @param population its customers; 0 for a class its customers draw at each request ({@link ClassDraw}), which
 *     none of them keeps
 * @param throughputPerSecond its completed requests per second
 * @param responseSeconds the mean time from sending a request to its response, think time excluded;
 *     NaN for a class without customers (or never drawn), of which no request is ever measured
 */
public record ClassResult(String name, int population, double throughputPerSecond, double responseSeconds) {}
