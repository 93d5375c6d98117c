package dev.perflab.app;

import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.Users;
import dev.perflab.workload.WorkloadException;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Error;
import io.micronaut.http.server.exceptions.UnsupportedMediaException;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.web.router.exceptions.UnsatisfiedBodyRouteException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.sql.SQLException;

/** Replaces Micronaut's default error bodies (HATEOAS JsonError) with the contract's {"error": ...}. */
@Controller
class ErrorHandlers {

  /** SQLState of a unique violation; the users table's only unique constraint is on the email. */
  private static final String UNIQUE_VIOLATION = "23505";

  @Error(global = true)
  HttpResponse<ErrorResponse> workload(WorkloadException e) {
    return HttpResponse.<ErrorResponse>status(HttpStatus.valueOf(e.status())).body(e.body());
  }

  // A path with dot segments matches no route (Micronaut does not resolve them): refused as such.
  @Error(global = true, status = HttpStatus.NOT_FOUND)
  HttpResponse<ErrorResponse> notFound(HttpRequest<?> request) {
    if (ErrorResponse.hasDotSegment(request.getPath())) {
      return HttpResponse.badRequest(ErrorResponse.dotSegments());
    }
    return HttpResponse.notFound(ErrorResponse.notFound(request.getMethodName(), request.getPath()));
  }

  // Netty's decoder refused the request (over-long request line or headers, a bad header line).
  // Micronaut 5.0.2 sends it to the status route of 413 or 400, and binding that route rethrows
  // the decoder's cause, which the exception routes below answer; without these status routes it
  // would answer 413 or 400 itself, in its own body.
  @Error(global = true, status = HttpStatus.BAD_REQUEST)
  HttpResponse<ErrorResponse> badRequest() {
    return HttpResponse.badRequest(ErrorResponse.malformedRequest());
  }

  @Error(global = true, status = HttpStatus.REQUEST_ENTITY_TOO_LARGE)
  HttpResponse<ErrorResponse> tooLarge() {
    return HttpResponse.status(HttpStatus.REQUEST_ENTITY_TOO_LARGE);
  }

  @Error(global = true, exception = TooLongHttpLineException.class)
  HttpResponse<ErrorResponse> requestLineTooLong() {
    return HttpResponse.<ErrorResponse>status(HttpStatus.REQUEST_URI_TOO_LONG).body(ErrorResponse.requestLineTooLong());
  }

  @Error(global = true, exception = TooLongHttpHeaderException.class)
  HttpResponse<ErrorResponse> headersTooLarge() {
    return HttpResponse.<ErrorResponse>status(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
        .body(ErrorResponse.headersTooLarge());
  }

  // Netty's header validation throws a plain IllegalArgumentException; one from anywhere else is a
  // fault of the app, answered as Micronaut would (500).
  @Error(global = true, exception = IllegalArgumentException.class)
  HttpResponse<ErrorResponse> malformedRequest(HttpRequest<?> request, IllegalArgumentException e) {
    if (request instanceof NettyHttpRequest<?> netty && netty.getNativeRequest().decoderResult().isFailure()) {
      return HttpResponse.badRequest(ErrorResponse.malformedRequest());
    }
    return HttpResponse.serverError(new ErrorResponse(HttpStatus.INTERNAL_SERVER_ERROR.getReason()));
  }

  @Error(global = true, status = HttpStatus.METHOD_NOT_ALLOWED)
  HttpResponse<ErrorResponse> methodNotAllowed(HttpRequest<?> request) {
    return HttpResponse.<ErrorResponse>status(HttpStatus.METHOD_NOT_ALLOWED)
        .body(ErrorResponse.methodNotAllowed(request.getMethodName(), request.getPath()));
  }

  // A Content-Type other than JSON (or none: see PerflabApplication's body reader).
  @Error(global = true, exception = UnsupportedMediaException.class)
  HttpResponse<ErrorResponse> notJson() {
    return HttpResponse.<ErrorResponse>status(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
        .body(ErrorResponse.unsupportedMediaType());
  }

  // A /sort or /users body that cannot be bound (not JSON, wrong shape or type, text after it),
  // or no body at all (empty, or the JSON literal null).
  @Error(global = true, exception = ConversionErrorException.class)
  HttpResponse<ErrorResponse> wrongShape() {
    return malformedBody();
  }

  @Error(global = true, exception = UnsatisfiedBodyRouteException.class)
  HttpResponse<ErrorResponse> noBody() {
    return malformedBody();
  }

  /**
   * What UsersEndpoint throws when a write fails: the 409 for a unique violation, else the failure
   * itself (a 500). Micronaut Data has no exception of its own for it: it wraps the driver's
   * SQLException in a DataAccessException, and only the endpoint knows the email it concerns.
   */
  static RuntimeException emailConflict(DataAccessException e, String email) {
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
        return Users.emailInUse(email);
      }
    }
    return e;
  }

  private static HttpResponse<ErrorResponse> malformedBody() {
    return HttpResponse.badRequest(ErrorResponse.malformedBody());
  }
}
