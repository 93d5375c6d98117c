package dev.perflab.harness.experiment.sweep;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Mode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A plan's points in the order to measure them, and what it skips, each with why ({@link SweepPlan#planned}).
 *
 * @param <P> a point
 */
public record PlannedPoints<P>(List<P> points, List<String> skipped) {

  public PlannedPoints {
    points = List.copyOf(points);
    skipped = List.copyOf(skipped);
  }

  public static <P> Builder<P> builder(ImageIds images) {
    return new Builder<>(images);
  }

  /** Points added in order; an app whose image the engine lacks is skipped, said once however often it is met. */
  public static final class Builder<P> {

    private final ImageIds images;
    private final List<P> points = new ArrayList<>();
    private final Set<String> skipped = new LinkedHashSet<>();

    private Builder(ImageIds images) {
      this.images = images;
    }

    /**
     * Whether the engine has {@code app}'s image in {@code mode}; if not, {@code subject} (what the plan's points
     * of it are called, e.g. "quarkus/jvm") is skipped, with how to build the image.
     */
    public boolean hasImage(String subject, App app, Mode mode) {
      String image = app.imageFor(mode);
      if (image != null && images.find(image).isPresent()) {
        return true;
      }
      skipped.add(subject + ": no image " + image + " in the local engine (build it with ./mvnw package)");
      return false;
    }

    public void add(P point) {
      points.add(point);
    }

    public PlannedPoints<P> build() {
      return new PlannedPoints<>(points, List.copyOf(skipped));
    }
  }
}
