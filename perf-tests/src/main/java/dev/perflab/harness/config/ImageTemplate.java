package dev.perflab.harness.config;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which image one side of an A/B comparison runs for a cell, as a template over the catalog's
 * names: {@code {image}} is the catalog's image for the cell ({@code perflab/quarkus:3.37.3-jvm}),
 * {@code {app}}, {@code {mode}} and {@code {version}} its parts. A pull-request gate builds the base
 * branch under another prefix and names it {@code perflab-base/{app}:{version}-{mode}}; a variant
 * tagged beside the catalog's image is {@code {image}-slowed}.
 */
public record ImageTemplate(String template) {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]*)}");
  private static final Set<String> NAMES = Set.of("image", "app", "mode", "version");

  /** The catalog's own image (declared after the constants its constructor uses). */
  public static final ImageTemplate CATALOG = new ImageTemplate("{image}");

  public ImageTemplate {
    if (template == null || template.isBlank()) {
      throw new IllegalArgumentException("an image template is empty");
    }
    Matcher matcher = PLACEHOLDER.matcher(template);
    while (matcher.find()) {
      if (!NAMES.contains(matcher.group(1))) {
        throw new IllegalArgumentException("image template '" + template + "' has an unknown placeholder {"
            + matcher.group(1) + "}; the placeholders are {image}, {app}, {mode} and {version}");
      }
    }
  }

  public static ImageTemplate parse(String template) {
    return new ImageTemplate(template.strip());
  }

  /** The image for a cell whose catalog image, app, mode and framework version are these. */
  public String imageFor(String image, String app, String mode, String version) {
    return template
        .replace("{image}", image)
        .replace("{app}", app)
        .replace("{mode}", mode)
        .replace("{version}", version);
  }

  @Override
  public String toString() {
    return template;
  }
}
