package dev.perflab.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The hand-written sorts behind {@code POST /sort}. Written out rather than {@code Arrays.sort}
 * so each has its own, known cost profile: in-place quicksort, allocating mergesort, heapsort.
 */
public enum SortAlgorithm {
  QUICKSORT {
    @Override
    void sortAscending(int[] a) {
      Sorts.quicksort(a, 0, a.length - 1);
    }
  },
  MERGESORT {
    @Override
    void sortAscending(int[] a) {
      Sorts.mergesort(a);
    }
  },
  HEAPSORT {
    @Override
    void sortAscending(int[] a) {
      Sorts.heapsort(a);
    }
  };

  abstract void sortAscending(int[] values);

  static SortAlgorithm parse(String raw) {
    if (raw == null) {
      throw new BadRequestException("missing field 'algorithm'");
    }
    for (SortAlgorithm algorithm : values()) {
      if (algorithm.label().equals(raw)) {
        return algorithm;
      }
    }
    throw new BadRequestException("unknown algorithm '" + raw + "': expected one of "
        + Arrays.stream(values()).map(SortAlgorithm::label).collect(Collectors.joining(", ")));
  }

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
