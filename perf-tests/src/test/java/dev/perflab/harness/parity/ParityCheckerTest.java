package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
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

  private static Map<String, ParityAnswer> answers(ParityAnswer spring, ParityAnswer quarkus, ParityAnswer micronaut) {
    Map<String, ParityAnswer> answers = new LinkedHashMap<>();
    answers.put("spring-boot", spring);
    answers.put("quarkus", quarkus);
    answers.put("micronaut", micronaut);
    return answers;
  }
}
