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
import io.micronaut.web.router.exceptions.UnsatisfiedBodyRouteException;
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

  @Error(global = true, status = HttpStatus.NOT_FOUND)
  HttpResponse<ErrorResponse> notFound(HttpRequest<?> request) {
    return HttpResponse.notFound(ErrorResponse.notFound(request.getMethodName(), request.getPath()));
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
