package dev.perflab.harness.model;

/**
 * A simulation's estimate of a network's means, with the half-width of each figure's interval in the
 * same shape: halfWidth.classResult("A").responseSeconds() is the ± of estimate's.
 *
 * @param estimate the mean over replications
 * @param halfWidth each figure's interval half-width (Student t over the replications' means)
 * @param confidence the intervals' coverage
 */
public record SimulatedSolution(NetworkSolution estimate, NetworkSolution halfWidth, int replications,
    double confidence) {

  public double responseSeconds(String className) {
    return estimate.responseSeconds(className);
  }

  public double responseHalfWidthSeconds(String className) {
    return halfWidth.responseSeconds(className);
  }

  public double throughputPerSecond(String className) {
    return estimate.throughputPerSecond(className);
  }

  public double throughputHalfWidthPerSecond(String className) {
    return halfWidth.throughputPerSecond(className);
  }

  public double utilisation(String stationName) {
    return estimate.utilisation(stationName);
  }

  public double utilisationHalfWidth(String stationName) {
    return halfWidth.utilisation(stationName);
  }
}
