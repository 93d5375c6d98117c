package dev.perflab.harness.result;

import java.util.Locale;

/**
 * What one side of a compared cell ran, as its launches recorded it: the image name it was asked to
 * launch, the ID every one of its launches ran, and how many measured launches there were. A report
 * names a side from this, never from a setting, so it cannot name an image it did not measure.
 *
 * @param imageId the image ID ({@code sha256:...}) of the side's launches; null only where nothing
 *     was launched (a side that failed before its first launch, or a cell the recorded run lacks)
 * @param launches measured launches (discarded ones not counted)
 * @param recorded whether the launches come from an earlier run's results.json, not from this run
 */
public record LaunchedImage(String image, String imageId, int launches, boolean recorded) {

  /** A side that launched nothing. */
  public static LaunchedImage none(String image) {
    return new LaunchedImage(image, null, 0, false);
  }

  /** The ID as {@code docker image ls} shows it: the first 12 hex digits. */
  public String shortId() {
    if (imageId == null) {
      return "no launch";
    }
    String hex = imageId.startsWith("sha256:") ? imageId.substring("sha256:".length()) : imageId;
    return hex.substring(0, Math.min(12, hex.length()));
  }

  /** "my/rest-json:1.1-jvm (image 3f2a9c1b7d0e, 12 launches)", or "... recorded launches" for an earlier run's. */
  public String describe() {
    return String.format(Locale.ROOT, "%s (image %s, %d %slaunch%s)", image, shortId(), launches,
        recorded ? "recorded " : "", launches == 1 ? "" : "es");
  }

  /** Whether both sides ran the very same image: then an A/B is an A/A, whatever the names said. */
  public boolean sameImageAs(LaunchedImage other) {
    return imageId != null && imageId.equals(other.imageId);
  }
}
