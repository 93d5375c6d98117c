package dev.perflab.harness.reference;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The machine reference's fixed work, run as the main class of a JVM inside a container under a
 * profile's limits: the kinds of work a JVM service does while it starts (class loading, the
 * interpreter handing over to the JIT compilers, hashing, sorting, text, maps, lambdas, allocation
 * and its GC) in a fixed amount, so that how long it takes says how fast this machine runs a cell
 * today. It depends on the JDK alone (its class file is copied into the base image) and prints one
 * line, whose checksum proves the work was done in full.
 */
public final class ReferenceWork {

  /** The line the harness reads: {@code perflab-reference rounds=R workMillis=W checksum=C}. */
  public static final String PREFIX = "perflab-reference";

  private ReferenceWork() {}

  public static void main(String[] args) throws NoSuchAlgorithmException {
    int rounds = Integer.parseInt(args[0]);
    long started = System.nanoTime();
    long checksum = 0;
    for (int round = 0; round < rounds; round++) {
      checksum = checksum * 31 + round(round);
    }
    double workMillis = (System.nanoTime() - started) / 1e6;
    System.out.printf("%s rounds=%d workMillis=%.3f checksum=%d%n", PREFIX, rounds, workMillis, checksum);
  }

  /** One round: the same work every time, seeded by the round's number. */
  static long round(int round) throws NoSuchAlgorithmException {
    return hashChain(round) ^ sorted(round) ^ text(round) ^ maps(round);
  }

  /** 2,000 SHA-256 digests, each over the one before. */
  private static long hashChain(int round) throws NoSuchAlgorithmException {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    byte[] value = ("perflab-" + round).getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < 2_000; i++) {
      value = digest.digest(value);
    }
    return value[0] + 256L * value[1];
  }

  /** 20,000 seeded longs sorted and searched. */
  private static long sorted(int round) {
    long[] values = new SplittableRandom(round).longs(20_000).toArray();
    Arrays.sort(values);
    long found = 0;
    for (int i = 0; i < values.length; i += 97) {
      found += Arrays.binarySearch(values, values[i]);
    }
    return found;
  }

  /** Lines built, formatted, split and matched, as a service's parsing and logging do. */
  private static long text(int round) {
    Pattern pattern = Pattern.compile("id=(\\d+);name=([a-z]+)");
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 1_000; i++) {
      lines.append(String.format("id=%d;name=%s%n", i * round + i, Integer.toString(i * 7919, 36)
          .replaceAll("[0-9]", "x")));
    }
    long sum = 0;
    for (String line : lines.toString().split("\n")) {
      Matcher matcher = pattern.matcher(line);
      if (matcher.find()) {
        sum += Long.parseLong(matcher.group(1)) + matcher.group(2).length();
      }
    }
    return sum;
  }

  /** A map filled and read through streams and lambdas. */
  private static long maps(int round) {
    Map<String, Integer> counts = new HashMap<>();
    IntStream.range(0, 10_000).mapToObj(i -> "key-" + (i * (round + 1)) % 1_777)
        .forEach(key -> counts.merge(key, 1, Integer::sum));
    return counts.entrySet().stream().filter(entry -> entry.getValue() > 5)
        .mapToLong(entry -> entry.getKey().hashCode() * (long) entry.getValue()).sum();
  }
}
