package dev.perflab.harness.experiment;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The kinds an experiment file may name: perflab's are {@code BundledKinds.ALL} (one entry per kind);
 * a test may add its own.
 */
public record ExperimentKinds(List<ExperimentKind> kinds) {

  public ExperimentKinds {
    kinds = List.copyOf(kinds);
    Set<String> seen = new HashSet<>();
    for (ExperimentKind kind : kinds) {
      if (!seen.add(kind.key()) || !seen.add("block:" + kind.block())) {
        throw new IllegalArgumentException("two experiment kinds share the key '" + kind.key() + "' or the block '"
            + kind.block() + "'");
      }
    }
  }

  public Optional<ExperimentKind> find(String key) {
    return kinds.stream().filter(kind -> kind.key().equals(key)).findFirst();
  }

  public List<String> keys() {
    return kinds.stream().map(ExperimentKind::key).toList();
  }
}
