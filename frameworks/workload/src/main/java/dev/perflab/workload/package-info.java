/**
 * Contracts v1 to v4 of the perflab service, free of any framework (v4's NODE_SPEC is read with
 * Jackson's streaming parser alone).
 *
 * <p>Every app (Spring Boot, Spring Boot WebFlux, Quarkus, Micronaut) is a thin adapter over
 * these types: it binds HTTP to them and maps {@link dev.perflab.workload.WorkloadException} to
 * its status and {@link dev.perflab.workload.ErrorResponse} body. Validation and error texts live
 * here, so the apps answer identically and only the web layer differs between frameworks.
 */
package dev.perflab.workload;
