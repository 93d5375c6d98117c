package dev.perflab.harness.catalog;

/** One measured combination: an app, in a mode, under a resource profile. */
public record Cell(App app, Mode mode, ResourceProfile profile) {

  /** Stable name used in budgets, reports and failure messages: {@code app/mode/profile}. */
  public String id() {
    return app.name() + "/" + mode.name() + "/" + profile.name();
  }

  public String image() {
    return app.imageFor(mode);
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
