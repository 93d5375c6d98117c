package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.FixedCountResult;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * A fixed-count run, as ApacheBench's {@code ab -n N -c C}: {@code requests} requests over
 * {@code concurrency} keep-alive connections, each sending its next as soon as its last is answered,
 * until all are sent and answered (or {@code timeout} passes: the requests still unanswered then are
 * errors). Latency from send to answer, over the run and per consecutive window of send time.
 */
public final class FixedCount {

  private FixedCount() {}

  /** @param window the run's time is cut into consecutive windows of this, by send time, each summarised alone */
  public static FixedCountResult run(InetSocketAddress target, RequestMix requests, int count, int concurrency,
      Duration window, Duration timeout) throws InterruptedException {
    if (count < 1 || concurrency < 1) {
      throw new IllegalArgumentException("a fixed-count run needs at least 1 request and 1 connection, got " + count
          + " and " + concurrency);
    }
    return NettyHttp.drive("fixed-count run", target, timeout, loop -> {
      Run run = new Run(loop, target, requests, count, Math.min(concurrency, count), window);
      // The timeout counts from the run's start, as its wall time does, not from this thread's call.
      loop.execute(() -> {
        run.start();
        loop.schedule(() -> run.complete("no answer within the run's " + timeout.toSeconds() + " s"),
            timeout.toNanos(), TimeUnit.NANOSECONDS);
      });
      return run.result;
    });
  }

  /** The run's state; touched only on the event-loop thread. */
  private static final class Run {
    private final EventLoop loop;
    private final InetSocketAddress target;
    private final RequestMix requests;
    private final IntSupplier picks;
    private final int count;
    private final int concurrency;
    private final List<FullHttpRequest> templates;
    private final List<Connection> connections = new ArrayList<>();
    private final MeasuredWindow measured;
    private final List<String> errorSamples = new ArrayList<>();
    final CompletableFuture<FixedCountResult> result = new CompletableFuture<>();
    private long wallStart;
    private long cpuStart;
    private int sent;
    private long errors;
    private int inFlight;
    private int peakInFlight;

    Run(EventLoop loop, InetSocketAddress target, RequestMix requests, int count, int concurrency, Duration window) {
      this.loop = loop;
      this.measured = MeasuredWindow.untilEnded(window);
      this.target = target;
      this.requests = requests;
      this.picks = requests.picks(RequestMix.SEED);
      this.count = count;
      this.concurrency = concurrency;
      this.templates = NettyHttp.templates(requests, target);
    }

    void start() {
      wallStart = System.nanoTime();
      cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      measured.start(wallStart);
      for (int i = 0; i < concurrency; i++) {
        Connection connection = new Connection();
        connections.add(connection);
        connection.connect();
      }
    }

    private void failed(String why) {
      errors++;
      if (errorSamples.size() < NettyHttp.MAX_ERROR_SAMPLES) {
        errorSamples.add(why);
      }
      done();
    }

    private void done() {
      if (measured.completed() + errors == count) {
        complete(null);
      }
    }

    /** Ends the run; with {@code why}, the requests still unanswered fail for it. */
    void complete(String why) {
      if (result.isDone()) {
        return;
      }
      if (why != null) {
        long unanswered = count - measured.completed() - errors;
        for (long i = 0; i < unanswered; i++) {
          errors++;
          if (errorSamples.size() < NettyHttp.MAX_ERROR_SAMPLES) {
            errorSamples.add(why);
          }
        }
      }
      long ended = System.nanoTime();
      measured.end(ended);
      double wallSeconds = (ended - wallStart) / 1e9;
      double cpuSeconds = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
      connections.forEach(connection -> {
        if (connection.channel != null) {
          connection.channel.close();
        }
      });
      templates.forEach(FullHttpRequest::release);
      result.complete(new FixedCountResult(count, concurrency, measured.completed(), errors, wallSeconds,
          measured.achievedRatePerSecond(), measured.latency(), measured.windows(), peakInFlight,
          cpuSeconds / wallSeconds, errorSamples));
    }

    /** One connection: sends its next request when its last is answered, while requests are left. */
    private final class Connection implements NettyHttp.Listener {
      private Channel channel;
      private long sentNanos;
      private int request = -1;

      void connect() {
        NettyHttp.bootstrap(loop, () -> NettyHttp.answers(this)).connect(target).addListener(future -> {
          if (future.isSuccess()) {
            channel = ((io.netty.channel.ChannelFuture) future).channel();
            next();
          } else if (sent < count) {
            sent++;
            failed("connect to " + target + " failed: " + future.cause().getMessage());
          }
        });
      }

      private void next() {
        if (sent == count || result.isDone()) {
          return;
        }
        if (channel == null || !channel.isActive()) {
          connect();
          return;
        }
        sent++;
        request = picks.getAsInt();
        peakInFlight = Math.max(peakInFlight, ++inFlight);
        sentNanos = System.nanoTime();
        channel.writeAndFlush(templates.get(request).retainedDuplicate());
      }

      @Override
      public void answered(FullHttpResponse response) {
        if (request < 0) {
          return;
        }
        long now = System.nanoTime();
        inFlight--;
        if (!NettyHttp.keptOpen(response)) {
          NettyHttp.letGo(channel);
          channel = null;
        }
        java.util.Optional<String> mismatch = NettyHttp.mismatch(requests.request(request), response);
        request = -1;
        if (mismatch.isPresent()) {
          failed(mismatch.get());
        } else {
          measured.answered(sentNanos, now);
          done();
        }
        next();
      }

      @Override
      public void broken(String why) {
        channel = null;
        if (request >= 0) {
          request = -1;
          inFlight--;
          failed(why);
          next();
        }
      }
    }
  }
}
