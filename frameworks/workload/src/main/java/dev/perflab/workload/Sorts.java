package dev.perflab.workload;

/** Textbook ascending sorts on {@code int[]}; {@link SortAlgorithm} picks one. */
final class Sorts {

  private Sorts() {}

  /** Hoare-partition quicksort, median-of-three pivot, recursing into the smaller half first. */
  static void quicksort(int[] a, int lo, int hi) {
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      int pivot = medianOfThree(a[lo], a[mid], a[hi]);
      int i = lo - 1;
      int j = hi + 1;
      while (true) {
        do {
          i++;
        } while (a[i] < pivot);
        do {
          j--;
        } while (a[j] > pivot);
        if (i >= j) {
          break;
        }
        swap(a, i, j);
      }
      if (j - lo < hi - j) {
        quicksort(a, lo, j);
        lo = j + 1;
      } else {
        quicksort(a, j + 1, hi);
        hi = j;
      }
    }
  }

  /** Top-down mergesort with one scratch buffer. */
  static void mergesort(int[] a) {
    mergesort(a, new int[a.length], 0, a.length);
  }

  private static void mergesort(int[] a, int[] scratch, int from, int to) {
    if (to - from < 2) {
      return;
    }
    int mid = (from + to) >>> 1;
    mergesort(a, scratch, from, mid);
    mergesort(a, scratch, mid, to);
    System.arraycopy(a, from, scratch, from, to - from);
    int left = from;
    int right = mid;
    for (int k = from; k < to; k++) {
      if (right >= to || (left < mid && scratch[left] <= scratch[right])) {
        a[k] = scratch[left++];
      } else {
        a[k] = scratch[right++];
      }
    }
  }

  /** In-place heapsort: build a max-heap, then move the maximum to the end repeatedly. */
  static void heapsort(int[] a) {
    for (int i = a.length / 2 - 1; i >= 0; i--) {
      siftDown(a, i, a.length);
    }
    for (int end = a.length - 1; end > 0; end--) {
      swap(a, 0, end);
      siftDown(a, 0, end);
    }
  }

  private static void siftDown(int[] a, int root, int size) {
    while (true) {
      int child = 2 * root + 1;
      if (child >= size) {
        return;
      }
      if (child + 1 < size && a[child + 1] > a[child]) {
        child++;
      }
      if (a[root] >= a[child]) {
        return;
      }
      swap(a, root, child);
      root = child;
    }
  }

  static void reverse(int[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      swap(a, i, j);
    }
  }

  private static int medianOfThree(int x, int y, int z) {
    return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
  }

  private static void swap(int[] a, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
