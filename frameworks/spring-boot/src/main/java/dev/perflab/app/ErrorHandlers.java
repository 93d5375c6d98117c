package dev.perflab.app;

import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.WorkloadException;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;

/** Maps every contract failure to its status and {@code {"error":"..."}} body. */
@RestControllerAdvice
class ErrorHandlers {

  @ExceptionHandler
  ResponseEntity<ErrorResponse> workload(WorkloadException e) {
    return error(e.status(), e.body());
  }

  // Missing body, invalid JSON and type mismatches (strict Jackson: PerflabApplication).
  @ExceptionHandler
  ResponseEntity<ErrorResponse> malformedBody(HttpMessageNotReadableException e) {
    return error(400, ErrorResponse.malformedBody());
  }

  @ExceptionHandler
  ResponseEntity<ErrorResponse> unsupportedMediaType(HttpMediaTypeNotSupportedException e) {
    return error(415, ErrorResponse.unsupportedMediaType());
  }

  // Thrown rather than sent as a plain 404 because static resources are off (application.properties).
  @ExceptionHandler
  ResponseEntity<ErrorResponse> notFound(NoHandlerFoundException e, HttpServletRequest request) {
    return error(404, ErrorResponse.notFound(request.getMethod(), request.getRequestURI()));
  }

  @ExceptionHandler
  ResponseEntity<ErrorResponse> methodNotAllowed(
      HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
    return error(405, ErrorResponse.methodNotAllowed(request.getMethod(), request.getRequestURI()));
  }

  private static ResponseEntity<ErrorResponse> error(int status, ErrorResponse body) {
    return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
