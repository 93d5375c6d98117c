package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.RunningCell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The generated half of the parity test: seeded hostile requests (HostileKind: oversized
 * parameters and bodies, deep and broken JSON, bad UTF-8, wrong content types, odd encodings,
 * unknown methods and paths, dot segments, over-long request lines and headers, malformed syntax)
 * sent byte for byte to every contract app image, each answer held to HostileChecker, and every
 * app still answering GET /hello afterwards. The seed (-Dperflab.hostile.seed, default 42) fixes
 * every request; -Dperflab.hostile.requests sets how many each app gets (default 300).
 */
@Tag("parity")
class HostileInputIT {

  private static final long SEED = Long.getLong("perflab.hostile.seed", 42);
  private static final int REQUESTS_PER_APP = Integer.getInteger("perflab.hostile.requests", 300);
  /** Failures described in full; the rest are counted. */
  private static final int FAILURES_SHOWN = 15;

  private static ContractApps contractApps;
  private static List<RunningCell> apps;

  @BeforeAll
  static void startEveryApp() throws CellLaunchException {
    contractApps = ContractApps.start();
    apps = contractApps.apps();
  }

  @AfterAll
  static void stopEverything() {
    if (contractApps != null) {
      contractApps.close();
    }
  }

  // The display name carries the count, so the failsafe report shows how many requests were sent.
  @TestFactory
  Stream<DynamicTest> hostileInputPass() {
    List<HostileRequest> requests = HostileRequests.generate(SEED, REQUESTS_PER_APP);
    String pass = String.format("hostile-input pass: %,d requests (%,d per app, %d apps), seed %d",
        requests.size() * apps.size(), requests.size(), apps.size(), SEED);
    return Stream.of(
        dynamicTest(pass, () -> sendAll(pass, requests)),
        dynamicTest("every app still answers GET /hello after the pass", HostileInputIT::everyAppStillAnswers));
  }

  private static void sendAll(String pass, List<HostileRequest> requests) throws IOException {
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
    System.out.println(pass + " in " + seconds + " s: " + verdict + "\n  per kind: " + perKind);
    assertThat(failures)
        .as("%s: %s (rerun exactly with -Dperflab.hostile.seed=%d -Dperflab.hostile.requests=%d -Dit.test=HostileInputIT)"
            + "%n%s%s", pass, verdict, SEED, REQUESTS_PER_APP,
            String.join("\n", failures.subList(0, Math.min(FAILURES_SHOWN, failures.size()))),
            failures.size() > FAILURES_SHOWN ? "\n… and " + (failures.size() - FAILURES_SHOWN) + " more" : "")
        .isEmpty();
  }

  private static void everyAppStillAnswers() throws IOException {
    byte[] hello = "GET /hello HTTP/1.1\r\nHost: app\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    for (RunningCell app : apps) {
      ParityAnswer answer = RawHttpClient.send(app.baseUri(), hello);
      assertThat(answer.status())
          .as("%s after the hostile-input pass (seed %d): GET /hello answered %s", ContractApps.name(app), SEED,
              answer.describe())
          .isEqualTo(200);
    }
  }
}
