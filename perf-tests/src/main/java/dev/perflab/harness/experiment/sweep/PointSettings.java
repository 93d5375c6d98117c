package dev.perflab.harness.experiment.sweep;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A point's settings as a kind's plan writes them ({@link SweepPlan#settings}), as JSON: its kind, scale and point
 * first, then the kind's own in the order it puts them, the JVM options and every image with the ID the run first
 * found it under. A finished point resumes only under the same text, so a key's name, place or value changed
 * measures every point recorded before again.
 */
public final class PointSettings {

  private final Map<String, Object> settings = new LinkedHashMap<>();
  private final Catalog catalog;
  private final ImageIds images;

  /** Starts with every kind's first three: {@code kind}, {@code scale} and {@code point}. */
  public PointSettings(String kind, String scale, String point, Catalog catalog, ImageIds images) {
    this.catalog = catalog;
    this.images = images;
    put("kind", kind);
    put("scale", scale);
    put("point", point);
  }

  public void put(String key, Object value) {
    settings.put(key, value);
  }

  /** {@code jvmOptions}, then {@code image}: the options every container of the point runs with, and its image. */
  public void launching(String image) {
    put("jvmOptions", catalog.jdkJavaOptions());
    put("image", withId(image));
  }

  /** Under {@code key}, the image the lab runs {@code service} from, if {@code app} calls it. */
  public void labImage(String key, App app, LabService service) {
    if (app.uses(service)) {
      put(key, withId(catalog.image(service)));
    }
  }

  /** "perflab/postgres:15=sha256:…" ({@link ImageIds#withId}). */
  public String withId(String image) {
    return images.withId(image);
  }

  public String json() {
    try {
      return Json.MAPPER.writeValueAsString(settings);
    } catch (IOException e) {
      throw new IllegalStateException("a point's settings are plain values: " + settings.keySet(), e);
    }
  }
}
