package dev.perflab.harness.parity;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Contract v1 as requests: every good path and every documented kind of bad input
 * (docs/contract-v1.md). The downstream failure cases need the stub switched, so they are
 * separate: {@link #DOWNSTREAM_CALL}.
 */
public final class ParityTable {

  /** The /io call whose answer changes when the downstream fails or disappears. */
  public static final ParityRequest DOWNSTREAM_CALL = ParityRequest.get("downstream failing", "/io?delayMs=0", 502);

  private ParityTable() {}

  public static List<ParityRequest> requests() {
    String thousandValues = IntStream.range(0, 1000).map(i -> (i * 7919) % 1000 - 500)
        .mapToObj(Integer::toString).collect(Collectors.joining(","));
    String tooManyValues = IntStream.rangeClosed(0, 100_000).mapToObj(i -> "1").collect(Collectors.joining(","));
    return List.of(
        ParityRequest.get("hello", "/hello", 200),
        ParityRequest.get("cpu, one round", "/cpu?iterations=1", 200),
        ParityRequest.get("cpu, 10,000 rounds", "/cpu?iterations=10000", 200),
        ParityRequest.get("cpu, missing parameter", "/cpu", 400),
        ParityRequest.get("cpu, not a number", "/cpu?iterations=ten", 400),
        ParityRequest.get("cpu, zero", "/cpu?iterations=0", 400),
        ParityRequest.get("cpu, over the maximum", "/cpu?iterations=1000001", 400),
        ParityRequest.get("cpu, beyond int range", "/cpu?iterations=99999999999", 400),
        sort("sort, quicksort ascending", "{\"algorithm\":\"quicksort\",\"order\":\"asc\",\"values\":[5,3,9,-1,3]}", 200),
        sort("sort, mergesort descending", "{\"algorithm\":\"mergesort\",\"order\":\"desc\",\"values\":[" + thousandValues + "]}", 200),
        sort("sort, heapsort, order omitted", "{\"algorithm\":\"heapsort\",\"values\":[2,1]}", 200),
        sort("sort, empty values", "{\"algorithm\":\"quicksort\",\"order\":\"asc\",\"values\":[]}", 200),
        sort("sort, unknown property ignored", "{\"algorithm\":\"quicksort\",\"values\":[2,1],\"extra\":true}", 200),
        sort("sort, unknown algorithm", "{\"algorithm\":\"bogosort\",\"values\":[1]}", 400),
        sort("sort, unknown order", "{\"algorithm\":\"quicksort\",\"order\":\"up\",\"values\":[1]}", 400),
        sort("sort, missing algorithm", "{\"values\":[1]}", 400),
        sort("sort, missing values", "{\"algorithm\":\"quicksort\"}", 400),
        sort("sort, null value", "{\"algorithm\":\"quicksort\",\"values\":[1,null]}", 400),
        sort("sort, too many values", "{\"algorithm\":\"quicksort\",\"values\":[" + tooManyValues + "]}", 400),
        sort("sort, malformed JSON", "{\"algorithm\":", 400),
        sort("sort, empty body", "", 400),
        sort("sort, values not an array", "{\"algorithm\":\"quicksort\",\"values\":\"x\"}", 400),
        sort("sort, fractional value", "{\"algorithm\":\"quicksort\",\"values\":[1.5]}", 400),
        sort("sort, string value", "{\"algorithm\":\"quicksort\",\"values\":[\"a\"]}", 400),
        sort("sort, value beyond int range", "{\"algorithm\":\"quicksort\",\"values\":[99999999999]}", 400),
        sort("sort, algorithm not a string", "{\"algorithm\":5,\"values\":[1]}", 400),
        sort("sort, text after the JSON", "{\"algorithm\":\"quicksort\",\"values\":[1]} x", 400),
        new ParityRequest("sort, body as text/plain", "POST", "/sort",
            "{\"algorithm\":\"quicksort\",\"values\":[1]}", "text/plain", 415),
        new ParityRequest("sort, body without Content-Type", "POST", "/sort",
            "{\"algorithm\":\"quicksort\",\"values\":[1]}", null, 415),
        ParityRequest.get("io, no delay", "/io?delayMs=0", 200),
        ParityRequest.get("io, 50 ms delay", "/io?delayMs=50", 200),
        ParityRequest.get("io, missing parameter", "/io", 400),
        ParityRequest.get("io, negative delay", "/io?delayMs=-1", 400),
        ParityRequest.get("io, over the maximum", "/io?delayMs=10001", 400),
        ParityRequest.get("unknown path", "/nope", 404),
        ParityRequest.get("unknown nested path", "/hello/world", 404),
        ParityRequest.post("wrong method on /hello", "/hello", "{}", 405),
        ParityRequest.get("wrong method on /sort", "/sort", 405));
  }

  private static ParityRequest sort(String name, String body, int expectedStatus) {
    return ParityRequest.post(name, "/sort", body, expectedStatus);
  }
}
