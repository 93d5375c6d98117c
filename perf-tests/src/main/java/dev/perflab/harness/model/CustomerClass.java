package dev.perflab.harness.model;

/**
 * One request type of a closed network: a fixed number of customers who each think, then send a
 * request, wait for its response, and think again.
 *
 * @param name unique within its network
 * @param population how many customers; 0 is allowed (a mix weight of 0)
 * @param thinkSeconds the mean time between a response and the customer's next request; 0 is allowed
 */
public record CustomerClass(String name, int population, double thinkSeconds) {

  public CustomerClass {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a customer class needs a name");
    }
    if (population < 0) {
      throw new IllegalArgumentException("class " + name + " has a negative population: " + population);
    }
    if (!(thinkSeconds >= 0) || Double.isInfinite(thinkSeconds)) {
      throw new IllegalArgumentException("class " + name + " needs a finite think time of 0 s or more, not "
          + thinkSeconds);
    }
  }

  public CustomerClass withPopulation(int newPopulation) {
    return new CustomerClass(name, newPopulation, thinkSeconds);
  }
}
