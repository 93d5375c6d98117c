package dev.perflab.harness.experiment.topology;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.List;

/**
 * What the findings a topology file states are judged against; a file states only the findings whose
 * entry it gives here (each left out: that finding is not the file's).
 *
 * @param fasterAtEveryMix a variant's mean response time below another's at every mix
 * @param flatAlongTheMix a variant's mean response time moving by at most a share of its mean along the mix
 * @param minimumAtMix a variant's mean response time lowest at one mix, higher at both ends
 * @param bottleneckSwitches the most utilised service differs between the two ends of the mix
 * @param modelAgrees the model's response-time series rank the measured ones alike
 */
public record TopologyAnalysis(
    @JacksonInject(StrictYaml.ABSENT + "fasterAtEveryMix") Faster fasterAtEveryMix,
    @JacksonInject(StrictYaml.ABSENT + "flatAlongTheMix") Flat flatAlongTheMix,
    @JacksonInject(StrictYaml.ABSENT + "minimumAtMix") Minimum minimumAtMix,
    @JacksonInject(StrictYaml.ABSENT + "bottleneckSwitches") Switches bottleneckSwitches,
    @JacksonInject(StrictYaml.ABSENT + "modelAgrees") ModelAgrees modelAgrees) {

  /** {@code faster}'s mean response time is below {@code slower}'s at every mix. */
  public record Faster(String faster, String slower) {}

  /** {@code variant}'s mean response time spans at most {@code maxRelativeRange} of its mean along the mix. */
  public record Flat(String variant, double maxRelativeRange) {}

  /** {@code variant}'s mean response time is lowest at {@code mix}, the study's, with its source. */
  public record Minimum(String variant, StudyFigure mix) {}

  /** In each of {@code variants}, the most utilised service at the mix's first end is not the one at its last. */
  public record Switches(List<String> variants) {}

  /**
   * Spearman's r between predicted and measured mean response time is at least {@code minSpearman} on every
   * series the model predicts to move, the variants in {@code except} apart (the study's own exceptions);
   * {@code minSpearman} is the study's, with its source.
   */
  public record ModelAgrees(StudyFigure minSpearman,
      @JacksonInject(StrictYaml.ABSENT + "except") List<String> except) {

    public ModelAgrees {
      StrictYaml.required(minSpearman, "minSpearman");
      except = except == null ? List.of() : List.copyOf(except);
    }
  }

  /** The variants its entries name, to check against the file's. */
  List<String> variantsNamed() {
    List<String> named = new java.util.ArrayList<>();
    if (fasterAtEveryMix != null) {
      named.add(fasterAtEveryMix.faster());
      named.add(fasterAtEveryMix.slower());
    }
    if (flatAlongTheMix != null) {
      named.add(flatAlongTheMix.variant());
    }
    if (minimumAtMix != null) {
      named.add(minimumAtMix.variant());
    }
    if (bottleneckSwitches != null) {
      named.addAll(bottleneckSwitches.variants());
    }
    if (modelAgrees != null) {
      named.addAll(modelAgrees.except());
    }
    return named;
  }
}
