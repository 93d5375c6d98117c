package dev.perflab.harness.measure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Polls a URL every {@link #POLL_INTERVAL} until it answers 200, from a thread that is already
 * running before the container is started, so the first OK is seen within about a millisecond
 * of the app being able to serve it. A port merely accepting connections proves nothing here:
 * docker-proxy accepts on the host port long before the app listens.
 *
 * <p>At the first 200 the probe takes {@code atFirstOk} at once, so what it samples (memory,
 * CPU used) belongs to that moment and not to whenever the caller gets around to it.
 */
public final class FirstOkProbe<T> implements AutoCloseable {

  public static final Duration POLL_INTERVAL = Duration.ofMillis(1);

  /** When the first 200 arrived, by both clocks, and what was sampled right then. */
  public record FirstOk<T>(long nanoTime, Instant instant, int attempts, T sampledAtFirstOk) {}

  private final HttpClient client = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofMillis(500))
      .build();
  private final CompletableFuture<FirstOk<T>> firstOk = new CompletableFuture<>();
  private final Thread poller;
  private volatile boolean closed;

  private FirstOkProbe(URI uri, Supplier<T> atFirstOk) {
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).GET().build();
    poller = Thread.ofPlatform().daemon().name("first-ok-probe").unstarted(() -> poll(request, atFirstOk));
  }

  /** Starts polling {@code uri} now. */
  public static <T> FirstOkProbe<T> start(URI uri, Supplier<T> atFirstOk) {
    FirstOkProbe<T> probe = new FirstOkProbe<>(uri, atFirstOk);
    probe.poller.start();
    return probe;
  }

  private void poll(HttpRequest request, Supplier<T> atFirstOk) {
    int attempts = 0;
    while (!closed) {
      attempts++;
      try {
        HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          long nanoTime = System.nanoTime();
          Instant instant = Instant.now();
          firstOk.complete(new FirstOk<>(nanoTime, instant, attempts, atFirstOk.get()));
          return;
        }
      } catch (IOException e) {
        // Not listening yet, or docker-proxy dropped the connection: keep polling.
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        firstOk.completeExceptionally(e);
        return;
      }
      try {
        Thread.sleep(POLL_INTERVAL);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /**
   * Waits for the first 200, giving up when {@code stillRunning} turns false (the container
   * died) or the timeout passes.
   */
  public FirstOk<T> await(Duration timeout, BooleanSupplier stillRunning)
      throws TimeoutException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        return firstOk.get(100, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        if (!stillRunning.getAsBoolean()) {
          throw new IllegalStateException("the container exited before answering 200");
        }
      } catch (ExecutionException e) {
        throw new IllegalStateException("sampling at first OK failed: " + e.getCause().getMessage(), e.getCause());
      }
    }
    throw new TimeoutException("no 200 within " + timeout.toSeconds() + " s");
  }

  @Override
  public void close() {
    closed = true;
    poller.interrupt();
    client.close();
  }
}
