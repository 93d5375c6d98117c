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
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The finished points of a grid run, one file each in {@code points/} of its report folder, so a run
 * that is killed resumes where it stopped. Each file carries the run's fingerprint (the experiment
 * file, the scale, the images and the JVM options); a point recorded under another fingerprint is
 * measured again, since mixing two setups in one dataset would make a figure of neither.
 */
final class GridPointStore {

  private static final Logger LOG = LoggerFactory.getLogger(GridPointStore.class);

  /** What one point's file holds; {@code seconds} is null in points recorded before seconds were kept. */
  record StoredPoint(String fingerprint, List<GridRow> rows, List<GridSecond> seconds) {}

  private final Path dir;
  private final String fingerprint;

  GridPointStore(Path reportDir, String fingerprint) {
    this.dir = reportDir.resolve("points");
    this.fingerprint = fingerprint;
  }

  /** Removes the points of another setup, saying how many; keeps this one's. */
  void discardOtherSetups() throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    int discarded = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        if (read(file).map(StoredPoint::fingerprint).filter(fingerprint::equals).isEmpty()) {
          Files.delete(file);
          discarded++;
        }
      }
    }
    if (discarded > 0) {
      LOG.info("{} finished point(s) in {} belong to another setup (the experiment file, the scale, an image or the"
          + " JVM options changed) and are measured again", discarded, dir);
    }
  }

  /** The point's data, if this setup finished it before. */
  Optional<GridData> finished(GridPoint point) {
    return read(dir.resolve(point.fileName())).filter(stored -> stored.fingerprint().equals(fingerprint))
        .map(stored -> new GridData(stored.rows(), stored.seconds()));
  }

  /** Records a finished point; written whole or not at all, so a kill mid-write leaves no half a point. */
  void save(GridPoint point, GridData data) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(point.fileName());
    Path partial = dir.resolve(point.fileName() + ".partial");
    Files.writeString(partial, Json.MAPPER.writeValueAsString(new StoredPoint(fingerprint, data.rows(), data.seconds())));
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
