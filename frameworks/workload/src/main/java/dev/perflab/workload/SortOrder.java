package dev.perflab.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Direction of a sort; parsed from the request's {@code order} field. */
public enum SortOrder {
  ASC,
  DESC;

  static SortOrder parse(String raw) {
    if (raw == null) {
      return ASC;
    }
    for (SortOrder order : values()) {
      if (order.name().toLowerCase(Locale.ROOT).equals(raw)) {
        return order;
      }
    }
    throw new BadRequestException(
        "unknown order '" + raw + "': expected " + Arrays.stream(values())
            .map(o -> o.name().toLowerCase(Locale.ROOT))
            .collect(Collectors.joining(" or ")));
  }
}
