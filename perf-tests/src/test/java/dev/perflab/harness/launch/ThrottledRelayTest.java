package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The relay passes every byte both ways and its answers take at least the time their bytes need at its
 * rate (only a lower bound is asserted: a slow machine makes it slower, never faster).
 */
class ThrottledRelayTest {

  @Test
  void answersArriveWholeAndNoFasterThanTheRate() throws Exception {
    byte[] answer = new byte[500_000];
    Arrays.fill(answer, (byte) 7);
    try (ServerSocket target = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread server = Thread.ofVirtual().start(() -> {
        try (Socket socket = target.accept()) {
          socket.getInputStream().read();
          socket.getOutputStream().write(answer);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      // 8 Mbit/s: 1 MB a second, so half a megabyte takes at least half a second.
      try (ThrottledRelay relay = ThrottledRelay.start(target.getLocalPort(), 8);
           Socket client = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
        long start = System.nanoTime();
        OutputStream out = client.getOutputStream();
        out.write(1);
        out.flush();
        InputStream in = client.getInputStream();
        byte[] received = in.readAllBytes();
        double seconds = (System.nanoTime() - start) / 1e9;

        assertThat(received).isEqualTo(answer);
        assertThat(seconds).isGreaterThanOrEqualTo(0.45);
      }
      server.join();
    }
  }
}
