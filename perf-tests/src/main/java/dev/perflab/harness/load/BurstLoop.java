package dev.perflab.harness.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Closed users whose number follows a schedule of phases (a baseline, a burst, the baseline again): each user sends a
 * request, waits for the answer, thinks a uniform 1–2 s (the schedule's bounds) and sends again; a phase with fewer
 * users stops the surplus after their current request. Each request is recorded with when it started, how long it
 * took and whether it was answered as expected. One virtual thread per user: at tens of users thinking for seconds a
 * blocking client is exact enough, and the driver's own CPU stays small.
 */
public final class BurstLoop {

  /** A stretch of the schedule: this many users for this long. */
  public record Phase(String name, int users, Duration length) {

    public Phase {
      if (users < 0 || length.isNegative() || length.isZero()) {
        throw new IllegalArgumentException("a phase needs 0 or more users and a length above 0, got " + users
            + " users for " + length);
      }
    }
  }

  /** A request type and where its entry service answers, drawn with its share of the requests. */
  public record Target(String type, InetSocketAddress address, double share) {}

  /**
   * One request as the driver saw it: milliseconds from the schedule's start to its send, its latency, and whether
   * it was answered 200 (a refused connection or a timeout counts as an error).
   */
  public record Sent(long startMillis, double latencyMillis, String type, boolean ok) {}

  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

  private BurstLoop() {}

  /**
   * Runs the schedule to its end, calling {@code everySecond} once a second with the seconds elapsed (on the caller's
   * thread, so a sampler runs on the schedule's clock); returns every request sent.
   */
  public static List<Sent> run(List<Phase> phases, List<Target> targets, Duration thinkMin, Duration thinkMax,
      String pathPrefix, long seed, LongConsumer everySecond) throws InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
        .version(HttpClient.Version.HTTP_1_1).build();
    ConcurrentLinkedQueue<Sent> sent = new ConcurrentLinkedQueue<>();
    AtomicInteger wanted = new AtomicInteger();
    List<Thread> users = new ArrayList<>();
    long start = System.nanoTime();
    long end = start + phases.stream().mapToLong(phase -> phase.length().toNanos()).sum();
    long phaseEnd = start;
    long nextSecond = start + 1_000_000_000L;
    long second = 0;
    try {
      for (Phase phase : phases) {
        phaseEnd += phase.length().toNanos();
        wanted.set(phase.users());
        while (users.size() < phase.users()) {
          int index = users.size();
          users.add(Thread.ofVirtual().name("burst-user-" + index).start(() -> user(index, wanted, targets, thinkMin,
              thinkMax, pathPrefix, seed, client, start, end, sent)));
        }
        while (System.nanoTime() < phaseEnd) {
          if (System.nanoTime() >= nextSecond) {
            everySecond.accept(++second);
            nextSecond += 1_000_000_000L;
          }
          LockSupport.parkNanos(Math.max(1_000_000L, Math.min(nextSecond, phaseEnd) - System.nanoTime()));
          if (Thread.interrupted()) {
            throw new InterruptedException("the burst schedule was interrupted");
          }
        }
        users.removeIf(thread -> !thread.isAlive());
      }
    } finally {
      wanted.set(0);
      for (Thread user : users) {
        user.join(REQUEST_TIMEOUT.toMillis() + 1000);
      }
      client.close();
    }
    return List.copyOf(sent);
  }

  private static void user(int index, AtomicInteger wanted, List<Target> targets, Duration thinkMin,
      Duration thinkMax, String pathPrefix, long seed, HttpClient client, long start, long end,
      ConcurrentLinkedQueue<Sent> sent) {
    SplittableRandom random = new SplittableRandom(seed * 1_000_003L + index);
    while (index < wanted.get() && System.nanoTime() < end) {
      Target target = draw(targets, random.nextDouble());
      URI uri = URI.create("http://" + target.address().getHostString() + ":" + target.address().getPort()
          + pathPrefix + target.type());
      long sentAt = System.nanoTime();
      boolean ok;
      try {
        HttpResponse<Void> response = client.send(HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).GET().build(),
            HttpResponse.BodyHandlers.discarding());
        ok = response.statusCode() == 200;
      } catch (IOException e) {
        ok = false;
      } catch (InterruptedException e) {
        return;
      }
      sent.add(new Sent((sentAt - start) / 1_000_000L, (System.nanoTime() - sentAt) / 1e6, target.type(), ok));
      long think = thinkMin.toNanos() + (long) (random.nextDouble() * (thinkMax.toNanos() - thinkMin.toNanos()));
      long until = Math.min(System.nanoTime() + think, end);
      while (System.nanoTime() < until && index < wanted.get()) {
        LockSupport.parkNanos(Math.min(100_000_000L, until - System.nanoTime()));
      }
    }
  }

  private static Target draw(List<Target> targets, double at) {
    double sum = 0;
    for (Target target : targets) {
      sum += target.share();
      if (at < sum) {
        return target;
      }
    }
    return targets.getLast();
  }
}
