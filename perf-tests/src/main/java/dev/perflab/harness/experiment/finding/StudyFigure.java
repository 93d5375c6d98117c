package dev.perflab.harness.experiment.finding;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.perflab.harness.config.StrictYaml;

/**
 * A figure of the study a finding is judged against, as the study gives it (not rounded), and where it
 * gives it: its table, section or published file. Where the study gives two figures for the same thing,
 * the source names both and says which is used. In a file: {@code {value: 0.37, source: "…"}}; a bare
 * number reads as a figure whose source the file does not give, which the report says.
 *
 * @param value the figure
 * @param source where the study gives it; null when the file does not say
 */
public record StudyFigure(double value, String source) {

  @JsonCreator
  public StudyFigure(@JsonProperty("value") double value, @JsonProperty("source") String source) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("a study's figure must be a finite number, got " + value);
    }
    this.value = value;
    this.source = source == null || source.isBlank() ? null : source.strip();
    StrictYaml.required(this.source, "source");
  }

  /** A bare number in a file: the figure without its source. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static StudyFigure unsourced(double value) {
    return new StudyFigure(value, "(the experiment file gives no source)");
  }

  /** "0.37 (source)" for a report. */
  public String cited() {
    return Claim.number(value) + " (" + source + ")";
  }
}
