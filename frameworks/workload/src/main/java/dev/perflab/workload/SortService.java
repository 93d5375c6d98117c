package dev.perflab.workload;

import java.util.List;

/** {@code POST /sort}: validates the bound request, then sorts with the chosen algorithm. */
public final class SortService {

  public static final int MAX_VALUES = 100_000;

  private SortService() {}

  public static SortResponse sort(SortRequest request) {
    if (request == null) {
      throw new BadRequestException("missing request body");
    }
    SortAlgorithm algorithm = SortAlgorithm.parse(request.algorithm());
    SortOrder order = SortOrder.parse(request.order());
    int[] values = toArray(request.values());
    algorithm.sortAscending(values);
    if (order == SortOrder.DESC) {
      Sorts.reverse(values);
    }
    return new SortResponse(values);
  }

  private static int[] toArray(List<Integer> values) {
    if (values == null) {
      throw new BadRequestException("missing field 'values'");
    }
    if (values.size() > MAX_VALUES) {
      throw new BadRequestException(
          "field 'values' has " + values.size() + " entries; at most " + MAX_VALUES + " are allowed");
    }
    int[] array = new int[values.size()];
    for (int i = 0; i < array.length; i++) {
      Integer value = values.get(i);
      if (value == null) {
        throw new BadRequestException("field 'values' has null at index " + i);
      }
      array[i] = value;
    }
    return array;
  }
}
