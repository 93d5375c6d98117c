package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.ClosedLoadResult;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * A closed-model load driver: a fixed population of users, each on its own keep-alive connection,
 * sending a request, waiting for the answer, thinking, and sending the next. The offered load is
 * whatever the population draws: when the service slows, the users wait and send less, so a closed
 * model cannot overload a service the way open arrivals do (and hides how it would fail under them).
 * Latency runs from the moment a user is ready to send. One event-loop thread, as {@link OpenLoop}.
 */
public final class ClosedLoop {

  private static final Duration DRAIN = Duration.ofSeconds(5);

  private ClosedLoop() {}

  /**
   * @param window the measured time is cut into consecutive windows of this (by the time each user was
   *     ready to send), each summarised alone; the measured time must be a whole number of them
   */
  public static ClosedLoadResult run(InetSocketAddress target, RequestMix requests, ClosedModel model, Duration window)
      throws InterruptedException {
    return NettyHttp.drive("closed-model run", target, model.warmup().plus(model.measure()).plus(DRAIN), loop -> {
      Run run = new Run(loop, target, requests, model, window);
      loop.execute(run::start);
      return run.result;
    });
  }

  /** The run's state; touched only on the event-loop thread. */
  private static final class Run {
    private final EventLoop loop;
    private final InetSocketAddress target;
    private final RequestMix requests;
    private final ClosedModel model;
    private final IntSupplier picks;
    private final SplittableRandom thinking = new SplittableRandom(RequestMix.SEED);
    private final List<FullHttpRequest> templates;
    private final List<User> users = new ArrayList<>();
    private final MeasuredWindow measured;
    private final List<String> errorSamples = new ArrayList<>();
    final CompletableFuture<ClosedLoadResult> result = new CompletableFuture<>();
    private long wallStart;
    private long cpuStart;
    private long errors;
    private int inFlight;
    private int peakInFlight;
    private int finishedUsers;

    Run(EventLoop loop, InetSocketAddress target, RequestMix requests, ClosedModel model, Duration window) {
      this.loop = loop;
      this.measured = new MeasuredWindow(model.warmup(), model.measure(), window);
      this.target = target;
      this.requests = requests;
      this.model = model;
      this.picks = requests.picks(RequestMix.SEED);
      this.templates = NettyHttp.templates(requests, target);
    }

    void start() {
      wallStart = System.nanoTime();
      cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      measured.start(wallStart);
      for (int i = 0; i < model.users(); i++) {
        User user = new User();
        users.add(user);
        user.connect();
      }
      loop.schedule(this::drainEnded, measured.endNanos() - wallStart + DRAIN.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void failed(long dueNanos, String why) {
      if (measured.holds(dueNanos)) {
        errors++;
        if (errorSamples.size() < NettyHttp.MAX_ERROR_SAMPLES) {
          errorSamples.add(why);
        }
      }
    }

    private void userDone() {
      if (++finishedUsers == users.size()) {
        complete();
      }
    }

    /** Users still waiting for an answer when the drain ends have failed that request. */
    private void drainEnded() {
      if (result.isDone()) {
        return;
      }
      users.stream().filter(user -> user.waiting).forEach(user -> {
        user.waiting = false;
        failed(user.dueNanos, "no answer within " + DRAIN.toSeconds() + " s of the run's end");
      });
      complete();
    }

    private void complete() {
      if (result.isDone()) {
        return;
      }
      users.forEach(user -> {
        if (user.channel != null) {
          user.channel.close();
        }
      });
      templates.forEach(FullHttpRequest::release);
      double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
      double cpuSeconds = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
      double measuredSeconds = model.measure().toNanos() / 1e9;
      result.complete(new ClosedLoadResult(model.users(), model.thinkTime().toNanos() / 1e6,
          model.distribution().key(), measuredSeconds, measured.completed(), errors,
          measured.completed() / measuredSeconds, measured.latency(), measured.windows(), peakInFlight,
          cpuSeconds / wallSeconds, errorSamples));
    }

    /** One user: its connection, and the request it waits for. */
    private final class User implements NettyHttp.Listener {
      private Channel channel;
      private boolean waiting;
      private long dueNanos;
      private int request;

      void connect() {
        NettyHttp.bootstrap(loop, () -> NettyHttp.answers(this)).connect(target).addListener(future -> {
          if (future.isSuccess()) {
            channel = ((io.netty.channel.ChannelFuture) future).channel();
            ready();
          } else {
            failed(System.nanoTime(), "connect to " + target + " failed: " + future.cause().getMessage());
            think();
          }
        });
      }

      /** Its think time is over: it sends now, or stops once the measured time has passed. */
      void ready() {
        dueNanos = System.nanoTime();
        if (dueNanos >= measured.endNanos()) {
          userDone();
          return;
        }
        if (channel == null || !channel.isActive()) {
          connect();
          return;
        }
        request = picks.getAsInt();
        waiting = true;
        peakInFlight = Math.max(peakInFlight, ++inFlight);
        channel.writeAndFlush(templates.get(request).retainedDuplicate());
      }

      private void think() {
        loop.schedule(this::ready, model.nextThinkNanos(thinking), TimeUnit.NANOSECONDS);
      }

      @Override
      public void answered(FullHttpResponse response) {
        if (!waiting) {
          return;
        }
        long now = System.nanoTime();
        waiting = false;
        inFlight--;
        java.util.Optional<String> mismatch = NettyHttp.mismatch(requests.request(request), response);
        if (mismatch.isPresent()) {
          failed(dueNanos, mismatch.get());
        } else if (measured.holds(dueNanos)) {
          measured.answered(dueNanos, now);
        }
        think();
      }

      @Override
      public void broken(String why) {
        channel = null;
        if (waiting) {
          waiting = false;
          inFlight--;
          failed(dueNanos, why);
          think();
        }
      }
    }
  }
}
