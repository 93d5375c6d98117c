package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A closed multi-class queueing network: stations, customer classes, and how much service each
 * class needs at each station per request (its demand: visits × service time per visit). The think
 * time of each class is its own; it is not a station here.
 *
 * @param stations in the order results report them
 * @param classes in the order results report them
 * @param demandSeconds demandSeconds.get(class).get(station), 0 where a class does not visit
 */
public record ClosedNetwork(List<Station> stations, List<CustomerClass> classes, List<List<Double>> demandSeconds) {

  public ClosedNetwork {
    stations = List.copyOf(stations);
    classes = List.copyOf(classes);
    if (stations.isEmpty()) {
      throw new IllegalArgumentException("a network needs at least one station");
    }
    if (classes.isEmpty()) {
      throw new IllegalArgumentException("a network needs at least one customer class");
    }
    unique("stations", stations.stream().map(Station::name).toList());
    unique("classes", classes.stream().map(CustomerClass::name).toList());
    if (demandSeconds.size() != classes.size()) {
      throw new IllegalArgumentException("demands are given for " + demandSeconds.size() + " classes, the network has "
          + classes.size());
    }
    List<List<Double>> copied = new ArrayList<>();
    for (int c = 0; c < classes.size(); c++) {
      List<Double> row = List.copyOf(demandSeconds.get(c));
      if (row.size() != stations.size()) {
        throw new IllegalArgumentException("class " + classes.get(c).name() + " has demands for " + row.size()
            + " stations, the network has " + stations.size());
      }
      double total = 0;
      for (int k = 0; k < row.size(); k++) {
        double demand = row.get(k);
        if (!(demand >= 0) || Double.isInfinite(demand)) {
          throw new IllegalArgumentException("class " + classes.get(c).name() + " at station " + stations.get(k).name()
              + " needs a finite demand of 0 s or more, not " + demand);
        }
        total += demand;
      }
      if (total + classes.get(c).thinkSeconds() == 0) {
        // Zero demand and zero think time: its customers would cycle infinitely fast.
        throw new IllegalArgumentException("class " + classes.get(c).name()
            + " has neither demand nor think time: its throughput would be infinite");
      }
      copied.add(row);
    }
    demandSeconds = List.copyOf(copied);
  }

  private static void unique(String what, List<String> names) {
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      if (!seen.add(name)) {
        throw new IllegalArgumentException("two of the network's " + what + " are named " + name);
      }
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  public int stationCount() {
    return stations.size();
  }

  public int classCount() {
    return classes.size();
  }

  public double demandSeconds(int classIndex, int stationIndex) {
    return demandSeconds.get(classIndex).get(stationIndex);
  }

  public int population(int classIndex) {
    return classes.get(classIndex).population();
  }

  public double thinkSeconds(int classIndex) {
    return classes.get(classIndex).thinkSeconds();
  }

  public int stationIndex(String name) {
    for (int k = 0; k < stations.size(); k++) {
      if (stations.get(k).name().equals(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException("no station " + name + " in " + stations.stream().map(Station::name).toList());
  }

  public int classIndex(String name) {
    for (int c = 0; c < classes.size(); c++) {
      if (classes.get(c).name().equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no class " + name + " in " + classes.stream().map(CustomerClass::name).toList());
  }

  /** The same network with other populations, one per class in order: a point of a mix sweep. */
  public ClosedNetwork withPopulations(int... populations) {
    if (populations.length != classes.size()) {
      throw new IllegalArgumentException(populations.length + " populations for " + classes.size() + " classes");
    }
    List<CustomerClass> changed = new ArrayList<>();
    for (int c = 0; c < classes.size(); c++) {
      changed.add(classes.get(c).withPopulation(populations[c]));
    }
    return new ClosedNetwork(stations, changed, demandSeconds);
  }

  /** Stations first, then each class with its demands by station name; unnamed stations get 0. */
  public static final class Builder {

    private final List<Station> stations = new ArrayList<>();
    private final List<CustomerClass> classes = new ArrayList<>();
    private final List<Map<String, Double>> demands = new ArrayList<>();

    private Builder() {}

    public Builder station(Station station) {
      stations.add(station);
      return this;
    }

    /** A class and its demand at each station it visits, by station name. */
    public Builder customerClass(String name, int population, double thinkSeconds, Map<String, Double> demandSeconds) {
      classes.add(new CustomerClass(name, population, thinkSeconds));
      demands.add(new LinkedHashMap<>(demandSeconds));
      return this;
    }

    public ClosedNetwork build() {
      List<String> names = stations.stream().map(Station::name).toList();
      List<List<Double>> rows = new ArrayList<>();
      for (int c = 0; c < classes.size(); c++) {
        for (String station : demands.get(c).keySet()) {
          if (!names.contains(station)) {
            throw new IllegalArgumentException("class " + classes.get(c).name() + " has a demand at " + station
                + ", which is not one of the stations " + names);
          }
        }
        Map<String, Double> byStation = demands.get(c);
        rows.add(names.stream().map(station -> byStation.getOrDefault(station, 0.0)).toList());
      }
      return new ClosedNetwork(stations, classes, rows);
    }
  }
}
