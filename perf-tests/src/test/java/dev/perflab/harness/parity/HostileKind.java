package dev.perflab.harness.parity;

import java.util.function.Function;
import org.instancio.Random;

/**
 * The kinds of hostile request the generated pass sends (docs/contract-v1.md, "Hostile and
 * malformed input"; the service node's errors, docs/contract-v4.md), each with the status every app must answer and whether the bodies must be
 * the same too. Every kind is wrong by construction, so no answer may be a 2xx.
 */
enum HostileKind {
  OVERSIZED_PARAMETER(400, true, HostileShapes::oversizedParameter),
  OVERSIZED_BODY(400, true, HostileShapes::oversizedBody),
  DEEP_JSON(400, true, HostileShapes::deepJson),
  BROKEN_JSON(400, true, HostileShapes::brokenJson),
  BAD_UTF8_IN_JSON(400, true, HostileShapes::badUtf8InJson),
  WRONG_CONTENT_TYPE(415, true, HostileShapes::wrongContentType),
  PERCENT_ENCODED_PARAMETER(400, true, HostileShapes::percentEncodedParameter),
  REPEATED_PARAMETER(400, true, HostileShapes::repeatedParameter),
  UNKNOWN_METHOD(405, true, HostileShapes::unknownMethod),
  UNKNOWN_PATH(404, true, HostileShapes::unknownPath),
  DOT_SEGMENTS(400, true, HostileShapes::dotSegments),
  NODE_UNKNOWN_TYPE(400, true, HostileShapes::nodeUnknownType),
  NODE_TYPE_CONFLICT(400, true, HostileShapes::nodeTypeConflict),
  // Answered by each server before any app code: Quarkus's (Vert.x) sends no body, so only the
  // status is compared (the contract's "Hostile and malformed input" section says so).
  REQUEST_LINE_TOO_LONG(414, false, HostileShapes::requestLineTooLong),
  HEADERS_TOO_LARGE(431, false, HostileShapes::headersTooLarge),
  MALFORMED_SYNTAX(400, false, HostileShapes::malformedSyntax);

  private final int expectedStatus;
  private final boolean sameBody;
  private final Function<Random, HostileRequest> shape;

  HostileKind(int expectedStatus, boolean sameBody, Function<Random, HostileRequest> shape) {
    this.expectedStatus = expectedStatus;
    this.sameBody = sameBody;
    this.shape = shape;
  }

  int expectedStatus() {
    return expectedStatus;
  }

  /** Whether every app must send the same JSON error body, not only the same status. */
  boolean sameBody() {
    return sameBody;
  }

  HostileRequest generate(Random random) {
    return shape.apply(random);
  }
}
