package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The generated pass is only reproducible if a seed names one list of requests; and its rules must catch what they claim. */
class HostileRequestsTest {

  @Test
  void aSeedNamesOneListOfRequests() {
    List<HostileRequest> first = HostileRequests.generate(42, 200);
    List<HostileRequest> again = HostileRequests.generate(42, 200);
    assertThat(first).hasSize(200);
    for (int i = 0; i < first.size(); i++) {
      assertThat(again.get(i).kind()).isEqualTo(first.get(i).kind());
      assertThat(again.get(i).bytes()).as("request #%d", i).isEqualTo(first.get(i).bytes());
    }
  }

  @Test
  void anotherSeedGivesOtherRequests() {
    List<HostileRequest> a = HostileRequests.generate(42, 50);
    List<HostileRequest> b = HostileRequests.generate(43, 50);
    long same = IntStream.range(0, 50).filter(i -> Arrays.equals(a.get(i).bytes(), b.get(i).bytes())).count();
    assertThat(same).isLessThan(10);
  }

  @Test
  void everyKindIsGeneratedAndEveryRequestIsCompleteHttp() {
    List<HostileRequest> requests = HostileRequests.generate(7, 500);
    Set<HostileKind> kinds = requests.stream().map(HostileRequest::kind).collect(Collectors.toSet());
    assertThat(kinds).containsExactlyInAnyOrder(HostileKind.values());
    for (HostileRequest request : requests) {
      String head = new String(request.bytes(), StandardCharsets.ISO_8859_1);
      assertThat(head).contains(" HTTP/1.1\r\nHost: app\r\nConnection: close\r\n").contains("\r\n\r\n");
      int bodyStart = head.indexOf("\r\n\r\n") + 4;
      int declared = head.contains("Content-Length: ")
          ? Integer.parseInt(head.substring(head.indexOf("Content-Length: ") + 16, head.indexOf("\r\n", head.indexOf("Content-Length: "))))
          : 0;
      assertThat(request.bytes().length - bodyStart).as("body of %s", request.describe()).isEqualTo(declared);
    }
  }

  /** An id that fits a long is a user not found (404), not an oversized parameter: seed 42 once drew a 13-digit one. */
  @Test
  void anOversizedParameterIsPastItsRangeWhateverTheSeed() {
    for (long seed = 0; seed < 20; seed++) {
      for (HostileRequest request : HostileRequests.generate(seed, 300)) {
        if (request.kind() != HostileKind.OVERSIZED_PARAMETER) {
          continue;
        }
        String line = new String(request.bytes(), StandardCharsets.ISO_8859_1).lines().findFirst().orElseThrow();
        String digits = line.replaceAll("^GET \\S*?[/=]-?(\\d+) HTTP/1.1$", "$1");
        assertThat(digits).as(line).containsOnlyDigits()
            .hasSizeGreaterThanOrEqualTo(line.startsWith("GET /users/") ? 20 : 11);
      }
    }
  }

  @Test
  void theCheckerWantsTheKindsStatusAndTheSameJsonError() {
    HostileRequest request = first(HostileKind.UNKNOWN_PATH);
    ParityAnswer error = ParityAnswer.of(404, "application/json", "{\"error\":\"no route for GET /x\"}");
    ParityAnswer otherText = ParityAnswer.of(404, "application/json", "{\"error\":\"not found\"}");
    ParityAnswer html = ParityAnswer.of(404, "text/html", "<h1>Not Found</h1>");
    ParityAnswer ok = ParityAnswer.of(200, "application/json", "{\"message\":\"Hello, World!\"}");
    assertThat(HostileChecker.problems(request, ParityCheckerTest.answers(error, error, error))).isEmpty();
    assertThat(HostileChecker.problems(request, ParityCheckerTest.answers(error, otherText, error)))
        .singleElement().asString().startsWith("quarkus differs from spring-boot");
    assertThat(HostileChecker.problems(request, ParityCheckerTest.answers(error, error, html)))
        .anySatisfy(problem -> assertThat(problem).startsWith("micronaut answered without a JSON"));
    assertThat(HostileChecker.problems(request, ParityCheckerTest.answers(ok, ok, ok)))
        .hasSize(3).allSatisfy(problem -> assertThat(problem).contains("expected 404"));
  }

  @Test
  void whatTheServersAnswerThemselvesIsComparedByStatusOnly() {
    HostileRequest request = first(HostileKind.HEADERS_TOO_LARGE);
    ParityAnswer json = ParityAnswer.of(431, "application/json", "{\"error\":\"request header fields are too large\"}");
    ParityAnswer empty = ParityAnswer.of(431, null, "");
    ParityAnswer bad = ParityAnswer.of(400, null, "");
    assertThat(HostileChecker.problems(request, ParityCheckerTest.answers(json, empty, json))).isEmpty();
    assertThat(HostileChecker.problems(request, ParityCheckerTest.answers(json, bad, json)))
        .anySatisfy(problem -> assertThat(problem).startsWith("quarkus answered 400"));
  }

  @Test
  void theRawClientReadsLengthChunkedAndClosedAnswers() {
    ParityAnswer sized = RawHttpClient.parse(("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\n"
        + "Content-Length: 13\r\n\r\n{\"error\":\"x\"}").getBytes(StandardCharsets.US_ASCII));
    ParityAnswer chunked = RawHttpClient.parse(("HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n"
        + "transfer-encoding: chunked\r\n\r\n5\r\n{\"err\r\n8\r\nor\":\"x\"}\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    ParityAnswer closed = RawHttpClient.parse(new byte[0]);
    assertThat(sized.status()).isEqualTo(404);
    assertThat(HostileChecker.isJsonError(sized)).isTrue();
    assertThat(chunked.json()).isEqualTo(sized.json());
    assertThat(closed.status()).isZero();
    assertThat(closed.text()).isEqualTo("connection closed without an answer");
  }

  private static HostileRequest first(HostileKind kind) {
    return HostileRequests.generate(1, 300).stream().filter(r -> r.kind() == kind).findFirst().orElseThrow();
  }
}
