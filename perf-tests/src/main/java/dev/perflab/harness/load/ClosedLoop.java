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
   * Every request is drawn from the mix by its weight.
   *
   * @param window the measured time is cut into consecutive windows of this (by the time each user was
   *     ready to send), each summarised alone; the measured time must be a whole number of them
   */
  public static ClosedLoadResult run(InetSocketAddress target, RequestMix requests, ClosedModel model, Duration window)
      throws InterruptedException {
    return drive(java.util.Collections.nCopies(requests.size(), target), requests, model, window, null);
  }

  /**
   * A multi-class closed model: each user sends one request of the mix only, the mix's weights sharing the
   * users out ({@link #classSizes}), as a closed queueing network's classes each have their own population.
   * A weight of 0 is a class without users.
   *
   * @param targets per request of the mix, where its users send it (a system whose request types enter at
   *     different services)
   */
  public static ClosedLoadResult runClasses(List<InetSocketAddress> targets, RequestMix requests, ClosedModel model,
      Duration window) throws InterruptedException {
    if (targets.size() != requests.size()) {
      throw new IllegalArgumentException("one target per request of the mix: " + targets.size() + " targets for "
          + requests.size() + " requests");
    }
    return drive(targets, requests, model, window, classSizes(requests, model.users()));
  }

  /**
   * {@code users} shared out by the mix's weights, by largest remainder (ties to the earlier request): the
   * sizes sum to {@code users}, and each is its exact share rounded up or down.
   */
  public static int[] classSizes(RequestMix requests, int users) {
    long total = requests.mix().stream().mapToLong(entry -> entry.weight()).sum();
    int[] sizes = new int[requests.size()];
    double[] remainders = new double[requests.size()];
    int given = 0;
    for (int i = 0; i < sizes.length; i++) {
      double share = (double) users * requests.mix().get(i).weight() / total;
      sizes[i] = (int) Math.floor(share);
      remainders[i] = share - sizes[i];
      given += sizes[i];
    }
    for (; given < users; given++) {
      int largest = 0;
      for (int i = 1; i < sizes.length; i++) {
        largest = remainders[i] > remainders[largest] ? i : largest;
      }
      sizes[largest]++;
      remainders[largest] = -1;
    }
    return sizes;
  }

  private static ClosedLoadResult drive(List<InetSocketAddress> targets, RequestMix requests, ClosedModel model,
      Duration window, int[] classSizes) throws InterruptedException {
    Duration duration = model.warmup().plus(model.measure()).plus(DRAIN);
    return NettyHttp.drive("closed-model run", targets.getFirst(), duration, loop -> {
      Run run = new Run(loop, targets, requests, model, window, classSizes);
      loop.execute(run::start);
      return run.result;
    });
  }

  /** The run's state; touched only on the event-loop thread. */
  private static final class Run {
    private final EventLoop loop;
    /** Per request of the mix, where it is sent. */
    private final List<InetSocketAddress> targets;
    private final RequestMix requests;
    private final ClosedModel model;
    private final IntSupplier picks;
    private final SplittableRandom thinking = new SplittableRandom(RequestMix.SEED);
    private final List<FullHttpRequest> templates;
    private final List<User> users = new ArrayList<>();
    private final MeasuredWindow measured;
    /** The same, one per request of the mix: each request type's own latencies. */
    private final List<MeasuredWindow> measuredByRequest = new ArrayList<>();
    private final long[] errorsByRequest;
    /** Each user's one request, for a multi-class run; null when every request is drawn. */
    private final int[] classSizes;
    private final List<String> errorSamples = new ArrayList<>();
    final CompletableFuture<ClosedLoadResult> result = new CompletableFuture<>();
    private long wallStart;
    private long cpuStart;
    private long errors;
    private int inFlight;
    private int peakInFlight;
    private int finishedUsers;

    Run(EventLoop loop, List<InetSocketAddress> targets, RequestMix requests, ClosedModel model, Duration window,
        int[] classSizes) {
      this.loop = loop;
      this.measured = new MeasuredWindow(model.warmup(), model.measure(), window);
      for (int i = 0; i < requests.size(); i++) {
        measuredByRequest.add(new MeasuredWindow(model.warmup(), model.measure(), window));
      }
      this.errorsByRequest = new long[requests.size()];
      this.classSizes = classSizes;
      this.targets = List.copyOf(targets);
      this.requests = requests;
      this.model = model;
      this.picks = requests.picks(RequestMix.SEED);
      this.templates = NettyHttp.templates(requests, targets.getFirst());
    }

    void start() {
      wallStart = System.nanoTime();
      cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      measured.start(wallStart);
      measuredByRequest.forEach(window -> window.start(wallStart));
      int type = 0;
      int ofType = 0;
      for (int i = 0; i < model.users(); i++) {
        User user = new User();
        if (classSizes != null) {
          while (ofType == classSizes[type]) {
            type++;
            ofType = 0;
          }
          user.fixedRequest = type;
          user.request = type;
          ofType++;
        }
        users.add(user);
        user.connect();
      }
      loop.schedule(this::drainEnded, measured.endNanos() - wallStart + DRAIN.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void failed(long dueNanos, int request, String why) {
      if (measured.holds(dueNanos)) {
        errors++;
        errorsByRequest[request]++;
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
        failed(user.dueNanos, user.request, "no answer within " + DRAIN.toSeconds() + " s of the run's end");
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
      List<ClosedLoadResult.ByRequest> byRequest = new ArrayList<>();
      for (int i = 0; i < requests.size(); i++) {
        MeasuredWindow window = measuredByRequest.get(i);
        byRequest.add(new ClosedLoadResult.ByRequest(requests.request(i).toString(),
            classSizes == null ? null : classSizes[i], window.completed(), errorsByRequest[i],
            window.completed() / measuredSeconds, window.latency()));
      }
      result.complete(new ClosedLoadResult(model.users(), model.thinkTime().toNanos() / 1e6,
          model.distribution().key(), measuredSeconds, measured.completed(), errors,
          measured.completed() / measuredSeconds, measured.latency(), measured.windows(), peakInFlight,
          cpuSeconds / wallSeconds, errorSamples, byRequest));
    }

    /** One user: its connection, and the request it waits for. */
    private final class User implements NettyHttp.Listener {
      private Channel channel;
      private int fixedRequest = -1;
      private boolean waiting;
      private long dueNanos;
      private int request;

      void connect() {
        InetSocketAddress target = targets.get(fixedRequest >= 0 ? fixedRequest : 0);
        NettyHttp.bootstrap(loop, () -> NettyHttp.answers(this)).connect(target).addListener(future -> {
          if (future.isSuccess()) {
            channel = ((io.netty.channel.ChannelFuture) future).channel();
            ready();
          } else {
            failed(System.nanoTime(), request, "connect to " + target + " failed: " + future.cause().getMessage());
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
        request = fixedRequest >= 0 ? fixedRequest : picks.getAsInt();
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
        if (!NettyHttp.keptOpen(response)) {
          NettyHttp.letGo(channel);
          channel = null;
        }
        java.util.Optional<String> mismatch = NettyHttp.mismatch(requests.request(request), response);
        if (mismatch.isPresent()) {
          failed(dueNanos, request, mismatch.get());
        } else if (measured.holds(dueNanos)) {
          measured.answered(dueNanos, now);
          measuredByRequest.get(request).answered(dueNanos, now);
        }
        think();
      }

      @Override
      public void broken(String why) {
        channel = null;
        if (waiting) {
          waiting = false;
          inFlight--;
          failed(dueNanos, request, why);
          think();
        }
      }
    }
  }
}
