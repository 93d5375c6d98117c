package dev.perflab.workload;

import java.util.List;

/**
 * {@code GET /io?delayMs=D}: the app asks the downstream stub ({@code GET <downstream>/delay?ms=D})
 * with its framework's own HTTP client. This class holds the parts that are not framework
 * specific: parameter validation, the downstream path, the client timeouts and the verdict on
 * the downstream's answer.
 */
public final class IoCall {

  public static final int MAX_DELAY_MS = 10_000;
  /** Every app's client uses these, so that a slow or dead downstream costs the same everywhere. */
  public static final int CONNECT_TIMEOUT_MS = 2_000;
  public static final int READ_TIMEOUT_MS = MAX_DELAY_MS + 5_000;
  /** Name of the environment variable (and default) that points every app at the stub. */
  public static final String DOWNSTREAM_URL_ENV = "DOWNSTREAM_URL";
  public static final String DEFAULT_DOWNSTREAM_URL = "http://localhost:9090";

  private IoCall() {}

  public static int delayMs(List<String> delayMsParam) {
    return QueryParameters.boundedInt("delayMs", delayMsParam, 0, MAX_DELAY_MS);
  }

  /** Path and query of the downstream call, relative to the downstream base URL. */
  public static String downstreamPath(int delayMs) {
    return "/delay?ms=" + delayMs;
  }

  /** The answer for a downstream status, or the 502 failure when it is not 2xx. */
  public static IoResponse answer(int delayMs, int downstreamStatus) {
    if (downstreamStatus < 200 || downstreamStatus > 299) {
      throw DownstreamException.failed(downstreamStatus);
    }
    return new IoResponse(delayMs, downstreamStatus);
  }
}
