package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.launch.RunningCell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generated half of the parity test: seeded hostile requests (HostileKind: oversized
 * parameters and bodies, deep and broken JSON, bad UTF-8, wrong content types, odd encodings,
 * unknown methods and paths, dot segments, over-long request lines and headers, malformed syntax)
 * sent byte for byte to every contract app image, each answer held to HostileChecker, and every
 * app still answering GET /hello afterwards. The seed (-Dperflab.hostile.seed, default 42) fixes
 * every request; -Dperflab.hostile.requests sets how many each app gets (default 300).
 */
record HostilePass(long seed, List<HostileRequest> requests, List<RunningCell> apps) {

  /** Failures described in full; the rest are counted. */
  private static final int FAILURES_SHOWN = 15;

  static HostilePass of(List<RunningCell> apps) {
    long seed = Long.getLong("perflab.hostile.seed", 42);
    return new HostilePass(seed, HostileRequests.generate(seed, Integer.getInteger("perflab.hostile.requests", 300)),
        apps);
  }

  /** The pass's name carries the count, so the failsafe report shows how many requests were sent. */
  String name() {
    return String.format("hostile-input pass: %,d requests (%,d per app, %d apps), seed %d",
        requests.size() * apps.size(), requests.size(), apps.size(), seed);
  }

  void sendAll() throws IOException {
    long started = System.nanoTime();
    List<String> failures = new ArrayList<>();
    Map<HostileKind, Integer> perKind = new EnumMap<>(HostileKind.class);
    Map<HostileKind, Integer> failedPerKind = new EnumMap<>(HostileKind.class);
    for (int i = 0; i < requests.size(); i++) {
      HostileRequest request = requests.get(i);
      perKind.merge(request.kind(), 1, Integer::sum);
      Map<String, ParityAnswer> answers = new LinkedHashMap<>();
      for (RunningCell app : apps) {
        answers.put(ContractApps.name(app), RawHttpClient.send(app.baseUri(), request.bytes()));
      }
      List<String> problems = HostileChecker.problems(request, answers);
      if (!problems.isEmpty()) {
        failedPerKind.merge(request.kind(), 1, Integer::sum);
        failures.add("#" + i + " " + request.kind() + ":\n    " + String.join("\n    ", problems)
            + "\n  request:\n    " + request.describe().replace("\n", "\n    "));
      }
    }
    long seconds = Math.round((System.nanoTime() - started) / 1e9);
    String verdict = failures.isEmpty() ? "all answered within the contract"
        : failures.size() + " of " + requests.size() + " requests answered outside the contract, per kind "
            + failedPerKind;
    System.out.println(name() + " in " + seconds + " s: " + verdict + "\n  per kind: " + perKind);
    assertThat(failures)
        .as("%s: %s (rerun exactly with -Dperflab.hostile.seed=%d -Dperflab.hostile.requests=%d -Dit.test=ParityIT)"
            + "%n%s%s", name(), verdict, seed, requests.size(),
            String.join("\n", failures.subList(0, Math.min(FAILURES_SHOWN, failures.size()))),
            failures.size() > FAILURES_SHOWN ? "\n… and " + (failures.size() - FAILURES_SHOWN) + " more" : "")
        .isEmpty();
  }

  void everyAppStillAnswers() throws IOException {
    byte[] hello = "GET /hello HTTP/1.1\r\nHost: app\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    for (RunningCell app : apps) {
      ParityAnswer answer = RawHttpClient.send(app.baseUri(), hello);
      assertThat(answer.status())
          .as("%s after the hostile-input pass (seed %d): GET /hello answered %s", ContractApps.name(app), seed,
              answer.describe())
          .isEqualTo(200);
    }
  }
}
