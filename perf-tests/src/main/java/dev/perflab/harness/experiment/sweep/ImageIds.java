package dev.perflab.harness.experiment.sweep;

import dev.perflab.harness.result.ImageInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The engine's images as a plan names them in a point's settings, each looked up once per run: a point's
 * settings are asked for again at every save and resume, and an image a run takes away and brings back
 * (a cold start's pull) keeps the ID it had when the run began.
 */
public final class ImageIds {

  private final Function<String, Optional<ImageInfo>> lookup;
  private final Map<String, Optional<ImageInfo>> found = new HashMap<>();

  /** @param lookup the local engine's image of a name (the lab's, or a test's stand-in) */
  public ImageIds(Function<String, Optional<ImageInfo>> lookup) {
    this.lookup = lookup;
  }

  /** The image as the run found it first; empty if the engine lacked it then. */
  public Optional<ImageInfo> find(String image) {
    return found.computeIfAbsent(image, lookup);
  }

  /** "perflab/quarkus:3.37.3-jvm=sha256:…", or "…=-" for an image the engine lacked. */
  public String withId(String image) {
    return image + "=" + find(image).map(ImageInfo::id).orElse("-");
  }
}
