package dev.perflab.workload;

/**
 * {@code POST /users} and {@code PUT /users/{id}} body, bound by each framework's own JSON codec.
 * Both fields stay plain, nullable strings so that {@link Users#validate} words every error, not
 * the codec. Unknown fields are ignored.
 */
public record UserInput(String name, String email) {}
