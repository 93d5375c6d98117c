package dev.perflab.harness.parity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rules every answer to a hostile request must keep: the kind's status (a 4xx: no hostile
 * request may succeed, none may fail the server), a JSON {@code {"error": "..."}} body where the
 * contract requires one, and the same answer from every app ({@link ParityChecker#sameAnswer}) or,
 * for what the servers answer before any app code, the same status.
 */
final class HostileChecker {

  private HostileChecker() {}

  static List<String> problems(HostileRequest request, Map<String, ParityAnswer> answersByApp) {
    HostileKind kind = request.kind();
    List<String> problems = new ArrayList<>();
    Map.Entry<String, ParityAnswer> reference = answersByApp.entrySet().iterator().next();
    for (Map.Entry<String, ParityAnswer> entry : answersByApp.entrySet()) {
      String app = entry.getKey();
      ParityAnswer answer = entry.getValue();
      if (answer.status() != kind.expectedStatus()) {
        problems.add(app + " answered " + answer.describe() + ", expected " + kind.expectedStatus());
      } else if (kind.sameBody() && !isJsonError(answer)) {
        problems.add(app + " answered without a JSON {\"error\": ...} body: " + answer.describe());
      }
      if (entry == reference) {
        continue;
      }
      boolean same = kind.sameBody() ? ParityChecker.sameAnswer(reference.getValue(), answer)
          : reference.getValue().status() == answer.status();
      if (!same) {
        problems.add(app + " differs from " + reference.getKey() + ": " + answer.describe() + " against "
            + reference.getValue().describe());
      }
    }
    return problems;
  }

  static boolean isJsonError(ParityAnswer answer) {
    return answer.mediaType().equals(ParityRequest.JSON) && answer.json() != null
        && answer.json().size() == 1 && answer.json().path("error").isTextual();
  }
}
