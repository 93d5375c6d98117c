package dev.perflab.workload;

import java.util.List;

/**
 * {@code POST /sort} body, bound by each framework's own JSON codec. Fields stay loosely typed
 * (strings, boxed integers) so that validation, and its wording, happens here and not in the
 * codec. {@code order} may be omitted and defaults to ascending.
 */
public record SortRequest(String algorithm, String order, List<Integer> values) {}
