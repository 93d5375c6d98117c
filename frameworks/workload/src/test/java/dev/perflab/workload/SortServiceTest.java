package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SortServiceTest {

  @ParameterizedTest
  @EnumSource(SortAlgorithm.class)
  void everyAlgorithmAgreesWithTheJdkOnRandomInputs(SortAlgorithm algorithm) {
    Random random = new Random(42);
    for (int size : new int[] {0, 1, 2, 3, 17, 1000, 10_007}) {
      int[] values = random.ints(size, -50, 50).toArray(); // many duplicates on purpose
      int[] expected = values.clone();
      Arrays.sort(expected);
      algorithm.sortAscending(values);
      assertThat(values).as("%s of %d values", algorithm, size).isEqualTo(expected);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"quicksort", "mergesort", "heapsort"})
  void descendingReversesTheOrder(String algorithm) {
    SortResponse response = SortService.sort(new SortRequest(algorithm, "desc", List.of(3, 1, 2)));
    assertThat(response.values()).containsExactly(3, 2, 1);
  }

  @Test
  void orderDefaultsToAscending() {
    assertThat(SortService.sort(new SortRequest("heapsort", null, List.of(2, 1))).values())
        .containsExactly(1, 2);
  }

  @Test
  void rejectsUnknownAlgorithmNamingTheChoices() {
    assertThatThrownBy(() -> SortService.sort(new SortRequest("bogosort", "asc", List.of())))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("unknown algorithm 'bogosort': expected one of quicksort, mergesort, heapsort");
  }

  @Test
  void rejectsUnknownOrder() {
    assertThatThrownBy(() -> SortService.sort(new SortRequest("quicksort", "up", List.of())))
        .hasMessage("unknown order 'up': expected asc or desc");
  }

  @Test
  void rejectsMissingFieldsAndNulls() {
    assertThatThrownBy(() -> SortService.sort(new SortRequest(null, "asc", List.of())))
        .hasMessage("missing field 'algorithm'");
    assertThatThrownBy(() -> SortService.sort(new SortRequest("quicksort", "asc", null)))
        .hasMessage("missing field 'values'");
    assertThatThrownBy(() -> SortService.sort(new SortRequest("quicksort", "asc", Arrays.asList(1, null))))
        .hasMessage("field 'values' has null at index 1");
    assertThatThrownBy(() -> SortService.sort(null)).hasMessage("missing request body");
  }

  @Test
  void acceptsExactlyTheMaximumAndRejectsOneMore() {
    List<Integer> max = IntStream.range(0, SortService.MAX_VALUES).boxed().toList();
    assertThat(SortService.sort(new SortRequest("mergesort", "asc", max)).values()).hasSize(100_000);
    List<Integer> tooMany = IntStream.rangeClosed(0, SortService.MAX_VALUES).boxed().toList();
    assertThatThrownBy(() -> SortService.sort(new SortRequest("mergesort", "asc", tooMany)))
        .hasMessage("field 'values' has 100001 entries; at most 100000 are allowed");
  }
}
