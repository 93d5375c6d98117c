package dev.perflab.harness.launch;

import dev.perflab.harness.measure.FirstOkProbe;
import java.util.concurrent.TimeoutException;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Readiness = the probe saw a 200 from the app. Replaces {@code Wait.forListeningPort()}, which
 * docker-proxy satisfies long before the app listens and which cannot look inside shell-less
 * images.
 */
final class FirstOkWait extends AbstractWaitStrategy {

  private final FirstOkProbe<?> probe;
  private final CellContainer container;

  FirstOkWait(FirstOkProbe<?> probe, CellContainer container) {
    this.probe = probe;
    this.container = container;
  }

  @Override
  protected void waitUntilReady() {
    try {
      probe.await(startupTimeout, container::stillRunning);
    } catch (TimeoutException | IllegalStateException e) {
      container.captureFailedState();
      throw new ContainerLaunchException(
          container.getDockerImageName() + " never answered 200: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ContainerLaunchException("interrupted while waiting for the first 200", e);
    }
  }
}
