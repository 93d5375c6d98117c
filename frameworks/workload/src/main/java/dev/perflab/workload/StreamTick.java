package dev.perflab.workload;

/** The JSON data of one {@code /stream} event: {@code {"seq":3,"events":10}}. */
public record StreamTick(int seq, int events) {}
