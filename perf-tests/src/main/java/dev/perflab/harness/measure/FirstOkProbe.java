package dev.perflab.harness.measure;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
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
 * <p>The URL is asked for at every poll; while it is null (the container has no address yet)
 * the probe keeps its pace without polling. Callers give the container's own address on its
 * Docker network, not a published port: through docker-proxy each poll costs milliseconds and
 * CPU the app may be waiting for, and while the container's network comes up docker-proxy
 * accepts and then holds a connection for a second before resetting it.
 *
 * <p>At the first 200 the probe takes {@code atFirstOk} at once, so what it samples (memory,
 * CPU used) belongs to that moment and not to whenever the caller gets around to it.
 */
public final class FirstOkProbe<T> implements AutoCloseable {

  public static final Duration POLL_INTERVAL = Duration.ofMillis(1);
  private static final Duration CONNECT_CHECK_TIMEOUT = Duration.ofMillis(20);

  /**
   * When the first 200 arrived, by both clocks, what was sampled right then, and how often the
   * probe polled until then: the mean time between the starts of two polls, up to the start of
   * the successful one (which itself may take long: it is the app's first request).
   */
  public record FirstOk<T>(long nanoTime, Instant instant, int attempts, double meanPollIntervalMillis, T sampledAtFirstOk) {}

  private final CompletableFuture<FirstOk<T>> firstOk = new CompletableFuture<>();
  private final Thread poller;
  private volatile boolean closed;

  private FirstOkProbe(Supplier<URI> uri, Supplier<T> atFirstOk) {
    poller = Thread.ofPlatform().daemon().name("first-ok-probe").unstarted(() -> poll(uri, atFirstOk));
  }

  /** Starts polling now, at whatever {@code uri} gives at each poll (nothing while it gives null). */
  public static <T> FirstOkProbe<T> start(Supplier<URI> uri, Supplier<T> atFirstOk) {
    FirstOkProbe<T> probe = new FirstOkProbe<>(uri, atFirstOk);
    probe.poller.start();
    return probe;
  }

  private void poll(Supplier<URI> uri, Supplier<T> atFirstOk) {
    long startNanos = System.nanoTime();
    int attempts = 0;
    while (!closed) {
      URI target = uri.get();
      if (target == null) {
        if (!pause()) {
          return;
        }
        startNanos = System.nanoTime();
        continue;
      }
      attempts++;
      long attemptNanos = System.nanoTime();
      try {
        if (status(target) == 200) {
          long nanoTime = System.nanoTime();
          Instant instant = Instant.now();
          double meanIntervalMillis = attempts < 2 ? 0 : (attemptNanos - startNanos) / 1e6 / (attempts - 1);
          firstOk.complete(new FirstOk<>(nanoTime, instant, attempts, meanIntervalMillis, atFirstOk.get()));
          return;
        }
      } catch (IOException e) {
        // Not listening yet (or, through a published port, docker-proxy dropped us): keep polling.
      } catch (RuntimeException e) {
        firstOk.completeExceptionally(e);
        return;
      }
      if (!pause()) {
        return;
      }
    }
  }

  /** Sleeps one poll interval; false when the probe was closed meanwhile. */
  private boolean pause() {
    try {
      Thread.sleep(POLL_INTERVAL);
      return !closed;
    } catch (InterruptedException e) {
      return false;
    }
  }

  /**
   * One blocking GET on a fresh connection, after a bare TCP connect proves something listens.
   * That check ends in about 0.2 ms when nothing does (refused), or after {@link
   * #CONNECT_CHECK_TIMEOUT} while the container's network is not up yet (unanswered); an HTTP
   * client's first attempt there can hang for a second. HttpURLConnection rather than
   * HttpClient for the GET: it fails fast on the calling thread, where HttpClient's asynchronous
   * machinery takes a millisecond or more, which would stretch the poll interval.
   */
  private static int status(URI uri) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), (int) CONNECT_CHECK_TIMEOUT.toMillis());
    }
    HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
    connection.setConnectTimeout(500);
    // Generous: the app's first request may take seconds under a fraction of a CPU.
    connection.setReadTimeout(10_000);
    connection.setUseCaches(false);
    connection.setRequestProperty("Connection", "close");
    try {
      int status = connection.getResponseCode();
      try (InputStream body = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
        if (body != null) {
          body.readAllBytes();
        }
      }
      return status;
    } finally {
      connection.disconnect();
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

  /** The first 200 if it has come, without waiting: for a caller watching several probes at once. */
  public Optional<FirstOk<T>> answered() {
    if (firstOk.isCompletedExceptionally()) {
      Throwable cause = firstOk.exceptionNow();
      throw new IllegalStateException("sampling at first OK failed: " + cause.getMessage(), cause);
    }
    return Optional.ofNullable(firstOk.getNow(null));
  }

  @Override
  public void close() {
    closed = true;
    poller.interrupt();
  }
}
