package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.RunningCell;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Fairness starts with the same answers: every app image (each app in each mode) gets the same
 * table of good and bad requests, and must answer each one with the same status and body; then
 * the generated hostile requests ({@link HostilePass}), to the same running apps; then the table
 * as apps started without a database must answer it. Apps that do not answer the perflab contract
 * (contract: false) are left out. The last test stops the downstream.
 */
@Tag("parity")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ParityIT {

  /** The mode the apps without a database are started in. */
  private static final String NO_DATABASE_MODE = "aot";

  private static ContractApps apps;
  private static final ParityClient client = new ParityClient();

  @BeforeAll
  static void startEveryApp() throws CellLaunchException {
    apps = ContractApps.start();
  }

  @AfterAll
  static void stopEverything() {
    client.close();
    if (apps != null) {
      apps.close();
    }
  }

  @TestFactory
  @Order(1)
  Stream<DynamicTest> everyAppAnswersTheContractTableIdentically() {
    return ParityTable.requests().stream().map(request -> dynamicTest(request.toString(), () -> assertParity(request)));
  }

  @Test
  @Order(2)
  void aFailingDownstreamIsA502Everywhere() throws Exception {
    switchDownstream("/mode/failing?status=503");
    try {
      assertParity(ParityTable.DOWNSTREAM_CALL);
    } finally {
      switchDownstream("/mode/healthy");
    }
  }

  @TestFactory
  @Order(3)
  Stream<DynamicTest> hostileInputPass() {
    HostilePass pass = HostilePass.of(apps.apps());
    return Stream.of(
        dynamicTest(pass.name(), pass::sendAll),
        dynamicTest("every app still answers GET /hello after the pass", pass::everyAppStillAnswers));
  }

  /**
   * Without a database the users requests are 503 and everything else answers as with one (each
   * app's DatabaseSwitch). In the AOT images only, one per app: where a framework's build-time
   * processing (Spring AOT above all) could have frozen the data stack in; JVM mode without a
   * database is each framework module's DatabaseSwitchTest.
   */
  @TestFactory
  @Order(4)
  Stream<DynamicTest> withoutADatabaseUsersAre503AndTheRestAnswersAsWithOne() throws CellLaunchException {
    List<RunningCell> withoutDatabase = apps.startWithoutDatabase(NO_DATABASE_MODE);
    assertThat(withoutDatabase).as("contract apps in mode %s", NO_DATABASE_MODE).isNotEmpty();
    return ParityTable.withoutDatabase().stream()
        .map(request -> dynamicTest(request.toString(), () -> assertParity(request, withoutDatabase)));
  }

  @Test
  @Order(5)
  void anUnreachableDownstreamIsA502Everywhere() throws Exception {
    apps.lab().stopDownstream();
    assertParity(new ParityRequest("downstream gone", "GET", "/io?delayMs=0", null, null, 502));
  }

  private static void assertParity(ParityRequest request) throws IOException, InterruptedException {
    assertParity(request, apps.apps());
  }

  private static void assertParity(ParityRequest request, List<RunningCell> running)
      throws IOException, InterruptedException {
    Map<String, ParityAnswer> answers = new LinkedHashMap<>();
    for (RunningCell app : running) {
      String name = ContractApps.name(app);
      try {
        answers.put(name, client.send(app.baseUri(), request));
      } catch (IOException e) {
        // Which app broke off matters more than the client's stack: its log says why.
        throw new IOException(name + " gave no complete answer to " + request + ": " + e.getMessage(), e);
      }
    }
    assertThat(ParityChecker.problems(request, answers))
        .as("answers to %s:%n%s", request, describe(answers))
        .isEmpty();
    if (request.expectedStatus() == 503) {
      answers.forEach((app, answer) -> assertThat(answer.json())
          .as("%s's 503 to %s", app, request)
          .isEqualTo(JsonNodeFactory.instance.objectNode().put("error", ParityTable.NO_DATABASE_ERROR)));
    }
  }

  private static String describe(Map<String, ParityAnswer> answers) {
    StringBuilder text = new StringBuilder();
    answers.forEach((app, answer) -> text.append("  ").append(app).append(": ").append(answer.describe()).append('\n'));
    return text.toString();
  }

  private static void switchDownstream(String modePath) throws IOException, InterruptedException {
    try (HttpClient http = HttpClient.newHttpClient()) {
      URI uri = apps.lab().downstreamControlUri().resolve(modePath);
      HttpResponse<String> response = http.send(
          HttpRequest.newBuilder(uri).PUT(HttpRequest.BodyPublishers.noBody()).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as("PUT %s answered %s", uri, response.body()).isEqualTo(200);
    }
  }
}
