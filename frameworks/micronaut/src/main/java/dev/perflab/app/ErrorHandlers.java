package dev.perflab.app;

import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.WorkloadException;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Error;
import io.micronaut.http.server.exceptions.UnsupportedMediaException;
import io.micronaut.web.router.exceptions.UnsatisfiedBodyRouteException;

/** Replaces Micronaut's default error bodies (HATEOAS JsonError) with the contract's {"error": ...}. */
@Controller
class ErrorHandlers {

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

  // A /sort body that cannot be bound (not JSON, wrong shape or type, text after it; the only
  // typed binding in the app), or no body at all (empty, or the JSON literal null).
  @Error(global = true, exception = ConversionErrorException.class)
  HttpResponse<ErrorResponse> wrongShape() {
    return malformedBody();
  }

  @Error(global = true, exception = UnsatisfiedBodyRouteException.class)
  HttpResponse<ErrorResponse> noBody() {
    return malformedBody();
  }

  private static HttpResponse<ErrorResponse> malformedBody() {
    return HttpResponse.badRequest(ErrorResponse.malformedBody());
  }
}
