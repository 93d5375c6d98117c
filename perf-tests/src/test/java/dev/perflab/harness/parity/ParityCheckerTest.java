package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The parity test is only as good as its checker: prove it catches each kind of difference. */
class ParityCheckerTest {

  private static final ParityRequest HELLO = ParityRequest.get("hello", "/hello", 200);
  private static final ParityAnswer OK = ParityAnswer.of(200, "application/json", "{\"message\":\"Hello, World!\"}");

  @Test
  void identicalAnswersPass() {
    assertThat(ParityChecker.problems(HELLO, answers(OK, OK, OK))).isEmpty();
  }

  @Test
  void keyOrderWhitespaceAndCharsetDoNotCount() {
    ParityAnswer a = ParityAnswer.of(200, "application/json", "{\"iterations\":1,\"result\":\"ab\"}");
    ParityAnswer b = ParityAnswer.of(200, "application/json;charset=UTF-8", "{ \"result\": \"ab\", \"iterations\": 1 }");
    assertThat(ParityChecker.problems(HELLO, answers(a, b, a))).isEmpty();
  }

  @Test
  void catchesADifferentBody() {
    ParityAnswer other = ParityAnswer.of(200, "application/json", "{\"message\":\"Hello World\"}");
    assertThat(ParityChecker.problems(HELLO, answers(OK, other, OK)))
        .singleElement().asString()
        .startsWith("quarkus differs from spring-boot:")
        .contains("{\"message\":\"Hello World\"}");
  }

  @Test
  void catchesADifferentNumberType() {
    ParityRequest cpu = ParityRequest.get("cpu", "/cpu?iterations=1", 200);
    ParityAnswer number = ParityAnswer.of(200, "application/json", "{\"iterations\":1}");
    ParityAnswer string = ParityAnswer.of(200, "application/json", "{\"iterations\":\"1\"}");
    assertThat(ParityChecker.problems(cpu, answers(number, number, string))).hasSize(1);
  }

  @Test
  void catchesAWrongStatusEvenWhenAllAgree() {
    ParityRequest missing = ParityRequest.get("unknown path", "/nope", 404);
    ParityAnswer notFound = ParityAnswer.of(200, "application/json", "{}");
    assertThat(ParityChecker.problems(missing, answers(notFound, notFound, notFound)))
        .hasSize(3)
        .allSatisfy(problem -> assertThat(problem).contains("answered 200, expected 404"));
  }

  @Test
  void catchesANonJsonErrorPage() {
    ParityRequest missing = ParityRequest.get("unknown path", "/nope", 404);
    ParityAnswer json = ParityAnswer.of(404, "application/json", "{\"error\":\"no route for GET /nope\"}");
    ParityAnswer html = ParityAnswer.of(404, "text/html", "<html>Not Found</html>");
    assertThat(ParityChecker.problems(missing, answers(json, json, html)))
        .anySatisfy(problem -> assertThat(problem).contains("content type 'text/html'"))
        .anySatisfy(problem -> assertThat(problem).contains("micronaut differs from spring-boot"));
  }

  @Test
  void eventStreamsCompareAsTheEventsAClientSees() {
    ParityRequest stream = ParityRequest.stream("stream", "/stream?events=2&intervalMs=0");
    ParityAnswer spaced = ParityAnswer.of(200, "text/event-stream",
        "id: 1\nevent: tick\ndata: {\"seq\":1,\"events\":2}\n\nid: 2\nevent: tick\ndata: {\"seq\":2,\"events\":2}\n\n");
    ParityAnswer compact = ParityAnswer.of(200, "text/event-stream;charset=UTF-8",
        ":ok\r\nid:1\r\nevent:tick\r\ndata:{\"events\":2,\"seq\":1}\r\n\r\nid:2\r\nevent:tick\r\ndata:{\"seq\":2,\"events\":2}\r\n\r\n");
    ParityAnswer lastMissing = ParityAnswer.of(200, "text/event-stream",
        "id: 1\nevent: tick\ndata: {\"seq\":1,\"events\":2}\n\n");
    assertThat(spaced.json()).hasSize(2);
    assertThat(spaced.json().get(1).get("data").get("seq").asInt()).isEqualTo(2);
    assertThat(ParityChecker.problems(stream, answers(spaced, compact, spaced))).isEmpty();
    assertThat(ParityChecker.problems(stream, answers(spaced, compact, lastMissing)))
        .singleElement().asString().startsWith("micronaut differs from spring-boot");
  }

  @Test
  void aCreatedResourceNeedsTheSameLocationPath() {
    ParityRequest create = ParityRequest.post("create", "/users", "{}", 201);
    ParityAnswer path = ParityAnswer.of(201, "application/json", "/users/1", "{\"id\":1}");
    ParityAnswer absolute = ParityAnswer.of(201, "application/json", "http://10.0.0.2:8080/users/1", "{\"id\":1}");
    ParityAnswer none = ParityAnswer.of(201, "application/json", null, "{\"id\":1}");
    assertThat(ParityChecker.problems(create, answers(path, absolute, path))).isEmpty();
    assertThat(ParityChecker.problems(create, answers(path, absolute, none)))
        .anySatisfy(problem -> assertThat(problem).isEqualTo("micronaut answered 201 without a Location header"));
  }

  @Test
  void aNoContentAnswerHasNoContentType() {
    ParityRequest delete = ParityRequest.delete("delete", "/users/1", 204);
    ParityAnswer empty = ParityAnswer.of(204, null, "");
    ParityAnswer json = ParityAnswer.of(204, "application/json", "");
    assertThat(ParityChecker.problems(delete, answers(empty, empty, empty))).isEmpty();
    assertThat(ParityChecker.problems(delete, answers(empty, json, empty)))
        .anySatisfy(problem -> assertThat(problem).contains("content type 'application/json', expected none"));
  }

  @Test
  void bodiesOfBytesCompareByLengthDigestAndFraming() {
    BinaryBody expected = BinaryBody.of(new byte[] {0, 1, 2}, OptionalLong.of(3));
    ParityRequest blob = ParityRequest.bytes("blob", "/blob?bytes=3", expected);
    ParityAnswer sized = bytes(expected);
    ParityAnswer otherByte = bytes(BinaryBody.of(new byte[] {0, 1, 3}, OptionalLong.of(3)));
    ParityAnswer chunked = bytes(BinaryBody.of(new byte[] {0, 1, 2}, OptionalLong.empty()));
    assertThat(ParityChecker.problems(blob, answers(sized, sized, sized))).isEmpty();
    assertThat(ParityChecker.problems(blob, answers(sized, otherByte, sized)))
        .anySatisfy(problem -> assertThat(problem).startsWith("quarkus answered 3 bytes, SHA-256 ")
            .endsWith(", expected " + expected.describe()))
        .anySatisfy(problem -> assertThat(problem).startsWith("quarkus differs from spring-boot"));
    assertThat(ParityChecker.problems(blob, answers(sized, sized, chunked)))
        .anySatisfy(problem -> assertThat(problem).contains("no Content-Length (chunked)"))
        .anySatisfy(problem -> assertThat(problem).startsWith("micronaut differs from spring-boot"));
  }

  @Test
  void bodiesOfBytesMustBeTheExpectedOnesEvenWhenAllAgree() {
    ParityRequest blob = ParityRequest.bytes("blob", "/blob?bytes=1", BinaryBody.of(new byte[] {0}, OptionalLong.of(1)));
    ParityAnswer empty = bytes(BinaryBody.of(new byte[0], OptionalLong.of(0)));
    ParityAnswer error = ParityAnswer.of(400, "application/json", "{\"error\":\"x\"}");
    assertThat(ParityChecker.problems(blob, answers(empty, empty, empty)))
        .hasSize(3).allSatisfy(problem -> assertThat(problem).contains("answered 0 bytes").contains("expected 1 bytes"));
    assertThat(ParityChecker.problems(blob, answers(error, error, error)))
        .anySatisfy(problem -> assertThat(problem).contains("answered 400 application/json {\"error\":\"x\"}, expected 1 bytes"));
  }

  @Test
  void aJsonBodyMustBeTheExpectedOneEvenWhenAllAgree() {
    ParityRequest leaf = ParityRequest.get("node", "/node/leaf", 200).answeredWith("{\"type\":\"leaf\",\"calls\":0}");
    ParityAnswer expected = ParityAnswer.of(200, "application/json", "{ \"calls\": 0, \"type\": \"leaf\" }");
    ParityAnswer otherCount = ParityAnswer.of(200, "application/json", "{\"type\":\"leaf\",\"calls\":1}");
    assertThat(ParityChecker.problems(leaf, answers(expected, expected, expected))).isEmpty();
    assertThat(ParityChecker.problems(leaf, answers(otherCount, otherCount, otherCount)))
        .hasSize(3).allSatisfy(problem -> assertThat(problem).endsWith("expected {\"type\":\"leaf\",\"calls\":0}"));
  }

  @Test
  void onlyOctetStreamsAreReadAsBytes() {
    assertThat(ParityAnswer.isBinary("application/octet-stream")).isTrue();
    assertThat(ParityAnswer.isBinary("Application/Octet-Stream; q=1")).isTrue();
    assertThat(ParityAnswer.isBinary("application/json")).isFalse();
    assertThat(ParityAnswer.isBinary(null)).isFalse();
  }

  private static ParityAnswer bytes(BinaryBody body) {
    return ParityAnswer.of(200, "application/octet-stream", null, body);
  }

  static Map<String, ParityAnswer> answers(ParityAnswer spring, ParityAnswer quarkus, ParityAnswer micronaut) {
    Map<String, ParityAnswer> answers = new LinkedHashMap<>();
    answers.put("spring-boot", spring);
    answers.put("quarkus", quarkus);
    answers.put("micronaut", micronaut);
    return answers;
  }
}
