package dev.perflab.harness.experiment;

import java.util.List;

/**
 * What an experiment file's {@code kind:} names: the key of its block, the type that block reads into
 * (which is also the kind's engine, {@link KindSpec}), the findings it can state and the dataset files
 * it writes. A new kind is one class implementing {@link KindSpec} that holds its {@code KIND}, plus
 * that entry in {@code BundledKinds.ALL}; nothing else switches on the kind.
 *
 * @param key as the file writes it after {@code kind:}, e.g. "limits-grid"
 * @param block the top-level key of its block, e.g. "limitsGrid"
 * @param specType what the block reads into, as strictly as the catalog
 * @param findingIds the findings an experiment of this kind can state
 * @param datasetFiles the files beside its report that hold its raw data, written after every point
 * @param needsCluster whether it runs only on the Kubernetes engine (an autoscaler is a cluster's)
 */
public record ExperimentKind(String key, String block, Class<? extends KindSpec> specType, List<String> findingIds,
    List<String> datasetFiles, boolean needsCluster) {

  public ExperimentKind {
    findingIds = List.copyOf(findingIds);
    datasetFiles = List.copyOf(datasetFiles);
  }

  /** A kind that runs on either engine. */
  public ExperimentKind(String key, String block, Class<? extends KindSpec> specType, List<String> findingIds,
      List<String> datasetFiles) {
    this(key, block, specType, findingIds, datasetFiles, false);
  }
}
