package dev.perflab.harness.load;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.result.RampResult;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * The closed-model driver made continuous: users are added at the model's rate while the earlier ones
 * go on (a user is never restarted), each on its own keep-alive connection sending, waiting for the
 * answer, thinking and sending again, until the p95 or error ratio since the ramp's start passes its limit
 * or the longest duration passes ({@link RampTally}). Latency runs from the moment a user is ready to
 * send. One event-loop thread, as {@link ClosedLoop}; how late its think timers fire is recorded each
 * second, so a second whose pace the driver set says so.
 */
public final class RampLoop {

  private RampLoop() {}

  public static RampResult run(InetSocketAddress target, RequestMix requests, RampModel model)
      throws InterruptedException {
    return NettyHttp.drive("user ramp", target, model.longestRun().plus(model.requestTimeout()), loop -> {
      Run run = new Run(loop, target, requests, model);
      loop.execute(run::start);
      return run.result;
    });
  }

  /** The run's state; touched only on the event-loop thread. */
  private static final class Run {
    private final EventLoop loop;
    private final InetSocketAddress target;
    private final RequestMix requests;
    private final RampModel model;
    private final IntSupplier picks;
    private final List<FullHttpRequest> templates;
    private final List<User> users = new ArrayList<>();
    private final List<String> errorSamples = new ArrayList<>();
    final CompletableFuture<RampResult> result = new CompletableFuture<>();
    private RampTally tally;
    private long startNanos;
    private long cpuStartNanos;
    private int secondsClosed;
    private RampTally.Stop stop;

    Run(EventLoop loop, InetSocketAddress target, RequestMix requests, RampModel model) {
      this.loop = loop;
      this.target = target;
      this.requests = requests;
      this.model = model;
      this.picks = requests.picks(RequestMix.SEED);
      this.templates = NettyHttp.templates(requests, target);
    }

    void start() {
      startNanos = System.nanoTime();
      cpuStartNanos = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      tally = new RampTally(model, startNanos);
      for (int i = 0; i < model.startUsers(); i++) {
        addUser();
      }
      scheduleNextUser();
      loop.schedule(this::closeSecond, 1, TimeUnit.SECONDS);
    }

    private void scheduleNextUser() {
      if (users.size() >= model.maxUsers()) {
        return;
      }
      long dueNanos = startNanos + (long) (model.joinSeconds(users.size() - model.startUsers() + 1) * 1e9);
      loop.schedule(() -> {
        if (stop == null && !result.isDone()) {
          addUser();
          scheduleNextUser();
        }
      }, dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    private void addUser() {
      User user = new User();
      users.add(user);
      user.connect();
    }

    /** Closes the second just ended, judges the ramp so far, and ends the ramp if it must. */
    private void closeSecond() {
      if (result.isDone()) {
        return;
      }
      long now = System.nanoTime();
      long[] ages = users.stream().filter(user -> user.waiting).mapToLong(user -> now - user.sentNanos).toArray();
      Optional<RampTally.Stop> stopped = tally.closeSecond(secondsClosed, users.size(), ages);
      secondsClosed++;
      if (stopped.isPresent()) {
        stop = stopped.get();
        complete(stop.reason());
      } else if (secondsClosed * 1_000_000_000L >= model.longestRun().toNanos()) {
        complete("the longest duration, " + model.maxDuration().toSeconds() + " s" + (model.hasPlateau() ? " after the"
            + " plateau" : "") + ", passed at " + users.size() + " users");
      } else {
        loop.schedule(this::closeSecond, startNanos + (secondsClosed + 1) * 1_000_000_000L - System.nanoTime(),
            TimeUnit.NANOSECONDS);
      }
    }

    private void failed(long atNanos, String why) {
      tally.failed(atNanos);
      if (errorSamples.size() < NettyHttp.MAX_ERROR_SAMPLES) {
        errorSamples.add(why);
      }
    }

    private void complete(String reason) {
      users.forEach(User::close);
      templates.forEach(FullHttpRequest::release);
      double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
      double cpuSeconds = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStartNanos) / 1e9;
      result.complete(new RampResult(tally.seconds(), reason, stop != null, cpuSeconds / wallSeconds,
          errorSamples));
    }

    /** One user: its connection, and the request it waits for. */
    private final class User implements NettyHttp.Listener {
      private Channel channel;
      private boolean waiting;
      private long sentNanos;
      private int request;
      private int sent;

      void connect() {
        NettyHttp.bootstrap(loop, () -> NettyHttp.answers(this)).connect(target).addListener(future -> {
          if (result.isDone()) {
            return;
          }
          if (future.isSuccess()) {
            channel = ((ChannelFuture) future).channel();
            send();
          } else {
            failed(System.nanoTime(), "connect to " + target + " failed: " + future.cause().getMessage());
            think();
          }
        });
      }

      /** Its think time is over: it sends now, on its connection (opened again if it broke). */
      void send() {
        if (result.isDone()) {
          return;
        }
        if (channel == null || !channel.isActive()) {
          connect();
          return;
        }
        sentNanos = System.nanoTime();
        request = picks.getAsInt();
        waiting = true;
        int mine = ++sent;
        channel.writeAndFlush(templates.get(request).retainedDuplicate());
        loop.schedule(() -> timedOut(mine), model.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
      }

      private void timedOut(int which) {
        if (waiting && sent == which && !result.isDone()) {
          waiting = false;
          failed(System.nanoTime(), "no answer within " + model.requestTimeout().toMillis() + " ms");
          close();
          think();
        }
      }

      private void think() {
        long thinkNanos = model.thinkTime().toNanos();
        long dueNanos = System.nanoTime() + thinkNanos;
        loop.schedule(() -> {
          tally.lag(System.nanoTime(), System.nanoTime() - dueNanos);
          send();
        }, thinkNanos, TimeUnit.NANOSECONDS);
      }

      void close() {
        if (channel != null) {
          NettyHttp.letGo(channel);
          channel = null;
        }
      }

      @Override
      public void answered(FullHttpResponse response) {
        if (!waiting || result.isDone()) {
          return;
        }
        long now = System.nanoTime();
        waiting = false;
        if (!NettyHttp.keptOpen(response)) {
          close();
        }
        Optional<String> mismatch = NettyHttp.mismatch(requests.request(request), response);
        if (mismatch.isPresent()) {
          failed(now, mismatch.get());
        } else {
          tally.answered(sentNanos, now);
        }
        think();
      }

      @Override
      public void broken(String why) {
        channel = null;
        if (waiting && !result.isDone()) {
          waiting = false;
          failed(System.nanoTime(), why);
          think();
        }
      }
    }
  }
}
