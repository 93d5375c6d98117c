package dev.perflab.harness.launch;

/**
 * One of the lab's own services failed (its registry, its database, its load balancer's engine calls): not the
 * app's failure ({@link LabFaults}).
 */
public final class LabServiceException extends RuntimeException {

  public LabServiceException(String message, Throwable cause) {
    super(message, cause);
  }
}
