package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.experiment.GridData;
import dev.perflab.harness.result.experiment.GridRow;
import dev.perflab.harness.result.experiment.GridSecond;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The finished points of a grid run, one file each in {@code points/} of its report folder, so a run
 * that is killed resumes where it stopped. Each file carries its point's fingerprint (the experiment
 * file, the scale, the JVM options and the image of that point's app and mode); a point recorded
 * under another fingerprint is measured again, since mixing two setups in one dataset would make a
 * figure of neither. The fingerprint is per point because a rebuild can give one framework a new
 * image (Quarkus's generated classes are not always byte-identical) while the others keep theirs.
 */
final class GridPointStore {

  private static final Logger LOG = LoggerFactory.getLogger(GridPointStore.class);

  /** What one point's file holds; {@code seconds} is null in points recorded before seconds were kept. */
  record StoredPoint(String fingerprint, List<GridRow> rows, List<GridSecond> seconds) {}

  private final Path dir;
  private final Function<GridPoint, String> fingerprint;

  /** @param fingerprint a point's setup: equal for two runs only if the point would be measured alike */
  GridPointStore(Path reportDir, Function<GridPoint, String> fingerprint) {
    this.dir = reportDir.resolve("points");
    this.fingerprint = fingerprint;
  }

  /** Removes every file that is not one of {@code points} under its current setup, saying which went. */
  void discardOtherSetups(List<GridPoint> points) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    Map<String, GridPoint> byFile = new HashMap<>();
    points.forEach(point -> byFile.put(point.fileName(), point));
    Set<String> discardedCells = new TreeSet<>();
    int discarded = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        GridPoint point = byFile.get(file.getFileName().toString());
        if (point == null || finished(point).isEmpty()) {
          Files.delete(file);
          discarded++;
          discardedCells.add(point == null ? "off this grid" : point.app().name() + "/" + point.mode().name());
        }
      }
    }
    if (discarded > 0) {
      LOG.info("{} finished point(s) in {} were discarded ({}): the experiment file, the scale, the JVM options or the"
          + " point's image changed, and such points are measured again", discarded, dir,
          String.join(", ", discardedCells));
    }
  }

  /** The point's data, if it was finished before under the setup it has now. */
  Optional<GridData> finished(GridPoint point) {
    String current = fingerprint.apply(point);
    return read(dir.resolve(point.fileName())).filter(stored -> current.equals(stored.fingerprint()))
        .map(stored -> new GridData(stored.rows(), stored.seconds()));
  }

  /** Records a finished point; written whole or not at all, so a kill mid-write leaves no half a point. */
  void save(GridPoint point, GridData data) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(point.fileName());
    Path partial = dir.resolve(point.fileName() + ".partial");
    Files.writeString(partial, Json.MAPPER.writeValueAsString(new StoredPoint(fingerprint.apply(point), data.rows(), data.seconds())));
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static Optional<StoredPoint> read(Path file) {
    if (!Files.isRegularFile(file) || !file.getFileName().toString().endsWith(".json")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.readValue(Files.readString(file), new TypeReference<StoredPoint>() {}));
    } catch (IOException e) {
      LOG.warn("{} is not a finished point ({}); the point is measured again", file, e.getMessage());
      return Optional.empty();
    } catch (UncheckedIOException e) {
      return Optional.empty();
    }
  }
}
