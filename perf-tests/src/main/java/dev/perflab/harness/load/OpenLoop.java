package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.LoadResult;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.AttributeKey;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.HdrHistogram.Histogram;

/**
 * An open-model load driver: requests are due at a fixed rate whatever the server does, and
 * each latency runs from the request's intended send time. Each due request is picked from the
 * mix when it falls due, in a seeded sequence ({@link RequestMix#SEED}). A request that finds every
 * connection busy waits in a queue and is charged for the wait. One event-loop thread does
 * everything (epoll, whose timers fire to the microsecond), on keep-alive HTTP/1.1 connections
 * opened as needed up to a cap.
 */
public final class OpenLoop {

  private static final Duration DRAIN = Duration.ofSeconds(5);
  private static final AttributeKey<Due> IN_FLIGHT = AttributeKey.valueOf("perflab.inFlight");

  private OpenLoop() {}

  /** Runs {@code warmup} unmeasured, then {@code measure} measured as one window, at {@code ratePerSecond}. */
  public static LoadResult run(InetSocketAddress target, RequestMix requests, double ratePerSecond,
      Duration warmup, Duration measure, int maxConnections) throws InterruptedException {
    return run(target, requests, ratePerSecond, warmup, measure, measure, maxConnections);
  }

  /**
   * As above, with the measured time also cut into consecutive windows of {@code window} (by
   * intended send time), each with a histogram of its own ({@link MeasuredWindow} refuses a measured
   * time that is not a whole number of them).
   */
  public static LoadResult run(InetSocketAddress target, RequestMix requests, double ratePerSecond,
      Duration warmup, Duration measure, Duration window, int maxConnections) throws InterruptedException {
    return NettyHttp.drive("load run", target, warmup.plus(measure).plus(DRAIN), loop -> {
      Run run = new Run(loop, target, requests, ratePerSecond, warmup, measure, window, maxConnections);
      loop.execute(run::start);
      return run.result;
    });
  }

  /** A request due at its intended send time, and which of the mix it is. */
  private record Due(long intendedNanos, int request) {}

  /** The run's state; touched only on the event-loop thread. */
  private static final class Run {
    private final EventLoop loop;
    private final InetSocketAddress target;
    private final RequestMix requests;
    private final IntSupplier picks;
    private final List<FullHttpRequest> templates;
    private final double rate;
    private final long intervalNanos;
    private final Duration measure;
    private final int maxConnections;
    private final Bootstrap bootstrap;
    final CompletableFuture<LoadResult> result = new CompletableFuture<>();

    private final ArrayDeque<Due> pending = new ArrayDeque<>();
    private final ArrayDeque<Channel> idle = new ArrayDeque<>();
    private final List<Channel> all = new ArrayList<>();
    private final Histogram lagMicros = new Histogram(MeasuredWindow.HIGHEST_TRACKABLE_MICROS, 3);
    private final List<String> errorSamples = new ArrayList<>();
    private final MeasuredWindow measured;
    private long end;
    private long nextIntended;
    private long wallStart;
    private long cpuStart;
    private int connecting;
    private int peakConnections;
    private long sent;
    private long errors;

    Run(EventLoop loop, InetSocketAddress target, RequestMix requests, double rate, Duration warmup, Duration measure,
        Duration window, int maxConnections) {
      this.loop = loop;
      this.target = target;
      this.requests = requests;
      this.picks = requests.picks(RequestMix.SEED);
      this.rate = rate;
      this.intervalNanos = Math.max(1, Math.round(1e9 / rate));
      this.measure = measure;
      this.measured = new MeasuredWindow(warmup, measure, window);
      this.maxConnections = maxConnections;
      this.templates = NettyHttp.templates(requests, target);
      this.bootstrap = NettyHttp.bootstrap(loop, Responses::new);
    }

    void start() {
      wallStart = System.nanoTime();
      cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      measured.start(wallStart);
      end = measured.endNanos();
      nextIntended = wallStart;
      tick();
    }

    /** Queues every request whose time has come, dispatches, and sleeps until the next one. */
    private void tick() {
      long now = System.nanoTime();
      while (nextIntended <= now && nextIntended < end) {
        if (measured.holds(nextIntended)) {
          lagMicros.recordValue(Math.min((now - nextIntended) / 1000, MeasuredWindow.HIGHEST_TRACKABLE_MICROS));
          sent++;
        }
        pending.add(new Due(nextIntended, picks.getAsInt()));
        nextIntended += intervalNanos;
      }
      dispatch();
      if (nextIntended < end) {
        loop.schedule(this::tick, nextIntended - System.nanoTime(), TimeUnit.NANOSECONDS);
      } else {
        awaitDrain();
      }
    }

    private void dispatch() {
      while (!pending.isEmpty() && !idle.isEmpty()) {
        send(idle.poll(), pending.poll());
      }
      int wanted = Math.min(pending.size() - connecting, maxConnections - all.size() - connecting);
      for (int i = 0; i < wanted; i++) {
        connect();
      }
    }

    private void send(Channel channel, Due due) {
      channel.attr(IN_FLIGHT).set(due);
      channel.writeAndFlush(templates.get(due.request()).retainedDuplicate());
    }

    private void connect() {
      connecting++;
      bootstrap.connect(target).addListener(future -> {
        connecting--;
        if (future.isSuccess()) {
          Channel channel = ((io.netty.channel.ChannelFuture) future).channel();
          all.add(channel);
          peakConnections = Math.max(peakConnections, all.size());
          idle.add(channel);
        } else if (!pending.isEmpty()) {
          fail(pending.poll().intendedNanos(), "connect to " + target + " failed: " + future.cause().getMessage());
        }
        dispatch();
      });
    }

    private void answered(Channel channel, FullHttpResponse response) {
      Due due = channel.attr(IN_FLIGHT).getAndSet(null);
      if (due == null) {
        return;
      }
      long intended = due.intendedNanos();
      java.util.Optional<String> mismatch = NettyHttp.mismatch(requests.request(due.request()), response);
      if (mismatch.isPresent()) {
        fail(intended, mismatch.get());
      } else if (measured.holds(intended)) {
        measured.answered(intended, System.nanoTime());
      }
      if (HttpUtil.isKeepAlive(response)) {
        idle.add(channel);
      } else {
        channel.close();
      }
      dispatch();
    }

    private void closed(Channel channel, String why) {
      all.remove(channel);
      idle.remove(channel);
      Due due = channel.attr(IN_FLIGHT).getAndSet(null);
      if (due != null) {
        fail(due.intendedNanos(), "connection closed before the answer" + (why == null ? "" : ": " + why));
      }
      dispatch();
    }

    private void fail(long intended, String why) {
      if (measured.holds(intended)) {
        errors++;
        if (errorSamples.size() < NettyHttp.MAX_ERROR_SAMPLES) {
          errorSamples.add(why);
        }
      }
    }

    /** After the last send: wait for the answers still due, then count the rest as errors. */
    private void awaitDrain() {
      long deadline = end + DRAIN.toNanos();
      boolean inFlight = all.stream().anyMatch(channel -> channel.attr(IN_FLIGHT).get() != null);
      if ((inFlight || !pending.isEmpty()) && System.nanoTime() < deadline) {
        loop.schedule(this::awaitDrain, 10, TimeUnit.MILLISECONDS);
        return;
      }
      pending.forEach(due -> fail(due.intendedNanos(), "not sent: no connection became free before the drain ended"));
      for (Channel channel : List.copyOf(all)) {
        Due due = channel.attr(IN_FLIGHT).getAndSet(null);
        if (due != null) {
          fail(due.intendedNanos(), "no answer within " + DRAIN.toSeconds() + " s of the run's end");
        }
        channel.close();
      }
      double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
      double cpuSeconds = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
      templates.forEach(FullHttpRequest::release);
      result.complete(new LoadResult(requests, rate, measure.toNanos() / 1e9, sent, measured.completed(), errors,
          measured.achievedRatePerSecond(), measured.latency(), measured.curve(), measured.windows(),
          LatencySummary.of(lagMicros), cpuSeconds / wallSeconds, peakConnections, errorSamples));
    }

    private final class Responses extends SimpleChannelInboundHandler<FullHttpResponse> {
      @Override
      protected void channelRead0(ChannelHandlerContext context, FullHttpResponse response) {
        answered(context.channel(), response);
      }

      @Override
      public void channelInactive(ChannelHandlerContext context) {
        closed(context.channel(), null);
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        Due due = context.channel().attr(IN_FLIGHT).getAndSet(null);
        if (due != null) {
          fail(due.intendedNanos(), cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
        context.close();
      }
    }
  }
}
