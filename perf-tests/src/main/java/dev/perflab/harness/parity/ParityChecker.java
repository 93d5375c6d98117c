package dev.perflab.harness.parity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decides whether every app answered a request identically, and as the table expects. The
 * first app is the reference; every difference from it is reported in full, so a reader sees
 * what each framework did without rerunning anything.
 */
public final class ParityChecker {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ParityChecker() {}

  /** Every problem with the answers to {@code request}; empty when all apps agree and match. */
  public static List<String> problems(ParityRequest request, Map<String, ParityAnswer> answersByApp) {
    List<String> problems = new ArrayList<>();
    Map.Entry<String, ParityAnswer> reference = answersByApp.entrySet().iterator().next();
    for (Map.Entry<String, ParityAnswer> entry : answersByApp.entrySet()) {
      ParityAnswer answer = entry.getValue();
      if (answer.status() != request.expectedStatus()) {
        problems.add(entry.getKey() + " answered " + answer.status() + ", expected " + request.expectedStatus()
            + ": " + answer.describe());
      }
      if (!request.expectedMediaType().equals(answer.mediaType())) {
        problems.add(entry.getKey() + " answered with content type '" + answer.mediaType() + "', expected "
            + (request.expectedMediaType().isEmpty() ? "none" : request.expectedMediaType()));
      }
      if (request.expectedBody() != null && !request.expectedBody().equals(answer.binary())) {
        problems.add(entry.getKey() + " answered " + (answer.binary() == null ? answer.describe() : answer.binary().describe())
            + ", expected " + request.expectedBody().describe());
      }
      if (request.expectedJson() != null && !expected(request).equals(answer.json())) {
        problems.add(entry.getKey() + " answered " + answer.describe() + ", expected " + request.expectedJson());
      }
      if (answer.status() == 201 && answer.location() == null) {
        problems.add(entry.getKey() + " answered 201 without a Location header");
      }
      if (entry != reference && !sameAnswer(reference.getValue(), answer)) {
        problems.add(entry.getKey() + " differs from " + reference.getKey() + ":\n    "
            + reference.getKey() + ": " + reference.getValue().describe() + "\n    "
            + entry.getKey() + ": " + answer.describe());
      }
    }
    return problems;
  }

  private static JsonNode expected(ParityRequest request) {
    try {
      return JSON.readTree(request.expectedJson());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the table's expected body of " + request + " is not JSON", e);
    }
  }

  static boolean sameAnswer(ParityAnswer a, ParityAnswer b) {
    return a.status() == b.status()
        && a.mediaType().equals(b.mediaType())
        && Objects.equals(a.location(), b.location())
        && Objects.equals(a.json(), b.json())
        && Objects.equals(a.text(), b.text())
        && Objects.equals(a.binary(), b.binary());
  }
}
