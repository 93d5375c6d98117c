package dev.perflab.workload;

/**
 * A service node's answer: {@code {"service":"gateway","type":"A","workUnits":5,"digest":"…","calls":3}}.
 *
 * @param digest the work's digest in lower-case hex ({@link NodePlan#digest()})
 * @param calls how many direct downstream calls were made and answered 2xx
 */
public record NodeResponse(String service, String type, int workUnits, String digest, int calls) {}
