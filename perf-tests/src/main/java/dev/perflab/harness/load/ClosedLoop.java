package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.ClosedLoadResult;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * A closed-model load driver: a fixed population of users, each on its own keep-alive connection (one per target
 * it sends to), sending a request, waiting for the answer, thinking, and sending the next. The offered load is
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
    return drive(Collections.nCopies(requests.size(), target), requests, model, window, null);
  }

  /**
   * Every request is drawn from the mix by its weight, as {@link #run} draws them, and sent to its own target (a
   * system whose request types enter at different services). A user opens a keep-alive connection to a target when
   * it first sends there and keeps it: at most one per target, and with one target {@link #run}'s one per user. The
   * users' split between the requests moves from one request to the next, so each request's share of the answers
   * is its weight's, where {@link #runClasses} gives each request users of its own, whose answers come as fast as
   * its own requests cycle.
   *
   * @param targets per request of the mix, where it is sent
   */
  public static ClosedLoadResult runDrawn(List<InetSocketAddress> targets, RequestMix requests, ClosedModel model,
      Duration window) throws InterruptedException {
    requireOnePerRequest(targets, requests);
    return drive(targets, requests, model, window, null);
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
    requireOnePerRequest(targets, requests);
    return drive(targets, requests, model, window, classSizes(requests, model.users()));
  }

  private static void requireOnePerRequest(List<InetSocketAddress> targets, RequestMix requests) {
    if (targets.size() != requests.size()) {
      throw new IllegalArgumentException("one target per request of the mix: " + targets.size() + " targets for "
          + requests.size() + " requests");
    }
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
    /** Where the users send, each once, in the order the mix first names them. */
    private final List<InetSocketAddress> targets;
    /** Per request of the mix, its target's index in {@link #targets}. */
    private final int[] targetOf;
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
      this.targets = targets.stream().distinct().toList();
      this.targetOf = targets.stream().mapToInt(this.targets::indexOf).toArray();
      this.requests = requests;
      this.model = model;
      this.picks = requests.picks(RequestMix.SEED);
      this.templates = NettyHttp.templates(requests, targets);
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
        user.start();
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
      users.forEach(User::close);
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

    /** One user: its connection to each target it has sent to, and the request it waits for. */
    private final class User {
      private final Connection[] connections = new Connection[targets.size()];
      private int fixedRequest = -1;
      /** A request drawn but not yet sent: its target's connection is being opened. */
      private int drawn = -1;
      private boolean waiting;
      private long dueNanos;
      private int request;

      /** Connects at once where its target is known before a draw (one target, or one request); else sends. */
      void start() {
        int target = knownTarget();
        if (target >= 0) {
          connect(target);
        } else {
          ready();
        }
      }

      /** Where its next request goes if that is known before drawing it; else -1. */
      private int knownTarget() {
        return fixedRequest >= 0 ? targetOf[fixedRequest] : targets.size() == 1 ? 0 : -1;
      }

      void connect(int target) {
        Connection connection = new Connection(target);
        NettyHttp.bootstrap(loop, () -> NettyHttp.answers(connection)).connect(targets.get(target))
            .addListener(future -> {
              if (future.isSuccess()) {
                connection.channel = ((ChannelFuture) future).channel();
                connections[target] = connection;
                ready();
              } else {
                failed(System.nanoTime(), drawn >= 0 ? drawn : request, "connect to " + targets.get(target)
                    + " failed: " + future.cause().getMessage());
                think();
              }
            });
      }

      /**
       * Its think time is over: it sends now, or stops once the measured time has passed. A request drawn among
       * several targets is drawn first, to know where it goes, and kept while that connection opens.
       */
      void ready() {
        dueNanos = System.nanoTime();
        if (dueNanos >= measured.endNanos()) {
          userDone();
          return;
        }
        int target = knownTarget();
        if (target < 0) {
          drawn = drawn >= 0 ? drawn : picks.getAsInt();
          target = targetOf[drawn];
        }
        Connection connection = connections[target];
        if (connection == null || !connection.channel.isActive()) {
          connect(target);
          return;
        }
        request = fixedRequest >= 0 ? fixedRequest : drawn >= 0 ? drawn : picks.getAsInt();
        drawn = -1;
        waiting = true;
        peakInFlight = Math.max(peakInFlight, ++inFlight);
        connection.channel.writeAndFlush(templates.get(request).retainedDuplicate());
      }

      private void think() {
        loop.schedule(this::ready, model.nextThinkNanos(thinking), TimeUnit.NANOSECONDS);
      }

      void answered(Connection connection, FullHttpResponse response) {
        if (!waiting) {
          return;
        }
        long now = System.nanoTime();
        waiting = false;
        inFlight--;
        if (!NettyHttp.keptOpen(response)) {
          NettyHttp.letGo(connection.channel);
          forget(connection);
        }
        Optional<String> mismatch = NettyHttp.mismatch(requests.request(request), response);
        if (mismatch.isPresent()) {
          failed(dueNanos, request, mismatch.get());
        } else if (measured.holds(dueNanos)) {
          measured.answered(dueNanos, now);
          measuredByRequest.get(request).answered(dueNanos, now);
        }
        think();
      }

      /** A connection broke: the request waiting on it has failed; one idle to another target fails nothing. */
      void broken(Connection connection, String why) {
        forget(connection);
        if (waiting && targetOf[request] == connection.target) {
          waiting = false;
          inFlight--;
          failed(dueNanos, request, why);
          think();
        }
      }

      private void forget(Connection connection) {
        if (connections[connection.target] == connection) {
          connections[connection.target] = null;
        }
      }

      void close() {
        for (Connection connection : connections) {
          if (connection != null) {
            connection.channel.close();
          }
        }
      }

      /** One of its keep-alive connections, to one target: what it hears goes to its user. */
      private final class Connection implements NettyHttp.Listener {
        private final int target;
        private Channel channel;

        Connection(int target) {
          this.target = target;
        }

        @Override
        public void answered(FullHttpResponse response) {
          User.this.answered(this, response);
        }

        @Override
        public void broken(String why) {
          User.this.broken(this, why);
        }
      }
    }
  }
}
