package dev.perflab.workload;

/** A stored user, as every app answers it: {@code {"id":1,"name":"…","email":"…"}}. */
public record User(long id, String name, String email) {}
