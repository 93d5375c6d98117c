/**
 * Contracts v1 to v3 of the perflab service, free of any framework.
 *
 * <p>Every app (Spring Boot, Quarkus, Micronaut) is a thin adapter over these types: it binds
 * HTTP to them and maps {@link dev.perflab.workload.WorkloadException} to its status and
 * {@link dev.perflab.workload.ErrorResponse} body. Validation and error texts live here, so
 * the apps answer identically and only the web layer differs between frameworks.
 */
package dev.perflab.workload;
