package dev.perflab.harness.model;

/**
 * One class at one station.
 *
 * @param utilisation the share of the station's capacity this class keeps busy (its busy servers
 *     divided by the station's servers); 0 at a delay station
 * @param residenceSeconds the time one request of the class spends at the station in all its visits,
 *     queueing included; NaN for a class without customers
 * @param queueLength the class's mean number of customers at the station, in service or waiting
 */
public record StationClassResult(double utilisation, double residenceSeconds, double queueLength) {}
