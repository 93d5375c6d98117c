package dev.perflab.harness.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a failed Maven build's output for the line a reader needs first. */
final class MavenLog {

  static final int TAIL_LINES = 40;
  private static final int ARTIFACTS_NAMED = 3;
  /** Missing from the repository, first asked for in this build or (cached) in an earlier one. */
  private static final Pattern MISSING_ARTIFACT = Pattern.compile(
      "Could not find artifact (\\S+)|(\\S+) was not found in \\S+ during a previous attempt");
  private static final String ERROR = "[ERROR]";
  /** How build-aot-image.sh and the AOT trainer report a failed image build or training run. */
  private static final Pattern IMAGE_BUILD_ERROR = Pattern.compile("\\[(aot-image|aot-trainer)] ERROR: .*");

  private MavenLog() {}

  /**
   * What went wrong, most specific first: artifacts the repository does not have (a framework
   * version that is not, or not completely, published there), then a failed AOT image build or
   * training run, then the goal that failed with its first detail line (e.g. a compile error),
   * then the first error line; {@code fallback} when the log has none of them.
   */
  static String reason(List<String> lines, String fallback) {
    Set<String> missing = new LinkedHashSet<>();
    // Error lines only: a successful build may warn about an artifact it could do without.
    for (String line : lines) {
      Matcher artifact = MISSING_ARTIFACT.matcher(errorText(line));
      while (artifact.find()) {
        missing.add(withoutType(artifact.group(1) != null ? artifact.group(1) : artifact.group(2)));
      }
    }
    if (!missing.isEmpty()) {
      List<String> named = missing.stream().limit(ARTIFACTS_NAMED).toList();
      String more = missing.size() > named.size() ? " and " + (missing.size() - named.size()) + " more" : "";
      return "not in the Maven repository: " + String.join(", ", named) + more;
    }
    for (String line : lines) {
      Matcher imageBuild = IMAGE_BUILD_ERROR.matcher(line.strip());
      if (imageBuild.matches()) {
        return imageBuild.group();
      }
    }
    for (int i = 0; i < lines.size(); i++) {
      String message = errorText(lines.get(i));
      if (message.startsWith("Failed to execute goal")) {
        String detail = i + 1 < lines.size() ? errorText(lines.get(i + 1)) : "";
        return detail.isEmpty() || detail.startsWith("->") ? message : message + " " + detail;
      }
    }
    return lines.stream().map(MavenLog::errorText).filter(text -> !text.isEmpty()).findFirst().orElse(fallback);
  }

  /** The log's lines; bytes that are not UTF-8 (a tool's odd output) are replaced, not fatal. */
  static List<String> read(Path log) throws IOException {
    return new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
  }

  /** The last {@link #TAIL_LINES} lines. */
  static List<String> tail(List<String> lines) {
    return List.copyOf(lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
  }

  /** An error line's text without Maven's prefix; empty for any other line. */
  private static String errorText(String line) {
    return line.startsWith(ERROR) ? line.substring(ERROR.length()).strip() : "";
  }

  /** group:artifact:jar:version is named as group:artifact:version, as a POM would. */
  private static String withoutType(String coordinates) {
    String[] parts = coordinates.split(":");
    return parts.length == 4 ? parts[0] + ":" + parts[1] + ":" + parts[3] : coordinates;
  }
}
