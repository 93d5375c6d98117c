package dev.perflab.app;

import dev.perflab.workload.ErrorResponse;
import dev.perflab.workload.WorkloadException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.PrintWriter;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
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
  // A path with dot segments matches no route (Spring does not resolve them): it is refused as such.
  @ExceptionHandler
  ResponseEntity<ErrorResponse> notFound(NoHandlerFoundException e, HttpServletRequest request) {
    if (ErrorResponse.hasDotSegment(request.getRequestURI())) {
      return error(400, ErrorResponse.dotSegments());
    }
    return error(404, ErrorResponse.notFound(request.getMethod(), request.getRequestURI()));
  }

  @ExceptionHandler
  ResponseEntity<ErrorResponse> methodNotAllowed(
      HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
    return error(405, ErrorResponse.methodNotAllowed(request.getMethod(), request.getRequestURI()));
  }

  /**
   * Tomcat answers what it cannot parse before Spring sees it (a character not allowed in the
   * target, a bad header line, dot segments above the root, a request line and headers over
   * server.max-http-request-header-size), with its HTML page and 400 for all. This valve writes the
   * contract's JSON instead, with 414 or 431 for the size limit, which Tomcat reports with one
   * message for both: the request line was too long when Tomcat never got to the end of its target.
   * Added to the host after Spring Boot's own error valve, so it reports first (PerflabApplication).
   */
  static final class ServerErrorValve extends ErrorReportValve {

    private static final String TOO_LARGE = "Request header is too large";

    @Override
    protected void report(Request request, Response response, Throwable error) {
      int status = response.getStatus();
      if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
        return;
      }
      String uri = request.getRequestURI();
      boolean targetRead = uri != null && !uri.isEmpty();
      ErrorResponse body = ErrorResponse.malformedRequest();
      if (error != null && TOO_LARGE.equals(error.getMessage())) {
        status = targetRead ? 431 : 414;
        body = targetRead ? ErrorResponse.headersTooLarge() : ErrorResponse.requestLineTooLong();
      } else if (status == 400 && targetRead && ErrorResponse.hasDotSegment(uri)) {
        body = ErrorResponse.dotSegments();
      } else if (status != 400) {
        return; // not a parse failure: Spring's own error handling (or Tomcat's page) answers
      }
      try {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        PrintWriter writer = response.getReporter();
        if (writer != null) {
          writer.write("{\"error\":\"" + body.error() + "\"}");
          response.finishResponse();
        }
      } catch (IOException | IllegalStateException e) {
        // The client has gone, or the response could not be written: nothing left to tell.
      }
    }
  }

  private static ResponseEntity<ErrorResponse> error(int status, ErrorResponse body) {
    return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
