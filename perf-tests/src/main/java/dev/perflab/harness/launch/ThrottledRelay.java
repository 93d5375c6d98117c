package dev.perflab.harness.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP relay on loopback whose answers to every connection together flow at most at a set rate: put
 * between the engine and the local registry it makes a pull take the time its bytes would on a link
 * of that speed, where loopback moves a layer in a blink and hides the per-megabyte cost. Requests
 * (the engine's side) are not slowed.
 */
public final class ThrottledRelay implements AutoCloseable {

  private static final int CHUNK_BYTES = 16 * 1024;

  private final ServerSocket server;
  private final int targetPort;
  private final double bytesPerNano;
  private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
  /** When the shared link is next free, in System.nanoTime(); guarded by this. */
  private long linkFreeAtNanos = System.nanoTime();

  private ThrottledRelay(ServerSocket server, int targetPort, double megabitsPerSecond) {
    this.server = server;
    this.targetPort = targetPort;
    this.bytesPerNano = megabitsPerSecond * 1e6 / 8 / 1e9;
  }

  /** Relays 127.0.0.1:{@link #port()} to 127.0.0.1:{@code targetPort}, answers at {@code megabitsPerSecond}. */
  public static ThrottledRelay start(int targetPort, double megabitsPerSecond) {
    if (!(megabitsPerSecond > 0)) {
      throw new IllegalArgumentException("a relay's rate must be above 0 Mbit/s, got " + megabitsPerSecond);
    }
    try {
      ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      ThrottledRelay relay = new ThrottledRelay(server, targetPort, megabitsPerSecond);
      relay.threads.submit(relay::accept);
      return relay;
    } catch (IOException e) {
      throw new UncheckedIOException("no loopback port for the registry relay", e);
    }
  }

  public int port() {
    return server.getLocalPort();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        threads.submit(() -> pump(client.getInputStream(), target.getOutputStream(), false, client, target));
        threads.submit(() -> pump(target.getInputStream(), client.getOutputStream(), true, client, target));
      } catch (IOException e) {
        // Closed, or one connection failed: the engine retries or reports the failed pull.
      }
    }
  }

  private Void pump(InputStream in, OutputStream out, boolean throttled, Socket client, Socket target)
      throws InterruptedException {
    byte[] buffer = new byte[CHUNK_BYTES];
    try (client; target) {
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        if (throttled) {
          waitForLink(read);
        }
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException e) {
      // The other side closed: both sockets close with it.
    }
    return null;
  }

  /** Books {@code bytes} on the shared link and sleeps until they would have crossed it. */
  private void waitForLink(int bytes) throws InterruptedException {
    long sendAt;
    synchronized (this) {
      long now = System.nanoTime();
      sendAt = Math.max(now, linkFreeAtNanos);
      linkFreeAtNanos = sendAt + (long) (bytes / bytesPerNano);
    }
    long waitNanos = sendAt - System.nanoTime();
    if (waitNanos > 0) {
      Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // Closing anyway.
    }
    threads.shutdownNow();
  }
}
