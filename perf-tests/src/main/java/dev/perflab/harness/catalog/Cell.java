package dev.perflab.harness.catalog;

import dev.perflab.harness.config.ImageTemplate;

/** One measured combination: an app, in a mode, under a resource profile. */
public record Cell(App app, Mode mode, ResourceProfile profile) {

  /** Stable name used in budgets, reports and failure messages: {@code app/mode/profile}. */
  public String id() {
    return app.name() + "/" + mode.name() + "/" + profile.name();
  }

  /** The profile's name in a cell's {@link #id()}: its last part. */
  public static String profileName(String cellId) {
    return cellId.substring(cellId.lastIndexOf('/') + 1);
  }

  public String image() {
    return app.imageFor(mode);
  }

  /** The image {@code template} names for this cell, e.g. its image under another prefix. */
  public String image(ImageTemplate template) {
    return template.imageFor(image(), app.name(), mode.name(), app.frameworkVersion());
  }

  /** The same cell running {@code image} instead of the catalog's. */
  public Cell withImage(String image) {
    return new Cell(app.withImage(mode.name(), image), mode, profile);
  }

  @Override
  public String toString() {
    return id();
  }
}
