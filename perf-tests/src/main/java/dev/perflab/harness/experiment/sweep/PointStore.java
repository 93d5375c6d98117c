package dev.perflab.harness.experiment.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.harness.result.Json;
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
 * The finished points of a run, one file each in {@code points/} of its report folder, so a run that
 * is killed resumes where it stopped. Each file holds its point's fingerprint beside the point's data
 * ({@code {"fingerprint": ..., <the data's fields>}}); a point recorded under another fingerprint is
 * measured again, since mixing two setups in one dataset would make a figure of neither. The
 * fingerprint is per point because a rebuild can give one framework a new image (Quarkus's generated
 * classes are not always byte-identical) while the others keep theirs. A point whose attempt failed for a cause
 * outside the app ({@code LabFaults}) is recorded as such, without its data ({@code {"fingerprint": ...,
 * "labFault": ...}}): it is not finished, and the next run measures it again and says why.
 *
 * @param <P> a point
 * @param <D> its data
 */
public final class PointStore<P extends SweepPoint, D> {

  private static final Logger LOG = LoggerFactory.getLogger(PointStore.class);
  private static final String FINGERPRINT = "fingerprint";
  private static final String LAB_FAULT = "labFault";

  private final Path dir;
  private final Class<D> dataType;
  private final Function<P, String> fingerprint;
  private final Function<P, List<String>> formerFingerprints;

  /**
   * @param fingerprint a point's setup: equal for two runs only if the point would be measured alike
   * @param formerFingerprints what earlier versions recorded for the same setup, also accepted
   */
  public PointStore(Path reportDir, Class<D> dataType, Function<P, String> fingerprint,
      Function<P, List<String>> formerFingerprints) {
    this.dir = reportDir.resolve("points");
    this.dataType = dataType;
    this.fingerprint = fingerprint;
    this.formerFingerprints = formerFingerprints;
  }

  public PointStore(Path reportDir, Class<D> dataType, Function<P, String> fingerprint) {
    this(reportDir, dataType, fingerprint, point -> List.of());
  }

  /** Removes every file that is not one of {@code points} under its current setup, saying which went. */
  public void discardOtherSetups(List<P> points) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    Map<String, P> byFile = new HashMap<>();
    points.forEach(point -> byFile.put(point.fileName(), point));
    Set<String> discardedPoints = new TreeSet<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        P point = byFile.get(file.getFileName().toString());
        if (point == null || stored(point).isEmpty()) {
          Files.delete(file);
          discardedPoints.add(point == null ? file.getFileName() + " (off this run's points)" : point.id());
        }
      }
    }
    if (!discardedPoints.isEmpty()) {
      LOG.info("{} finished point(s) in {} were discarded ({}): what they measured changed (their settings, the"
          + " scale's, the JVM options or an image), and such points are measured again", discardedPoints.size(), dir,
          String.join(", ", discardedPoints));
    }
  }

  /**
   * The point's data, if it was finished before under the setup it has now. One recorded under a
   * former fingerprint of that setup is recorded again under today's.
   */
  public Optional<D> finished(P point) {
    Optional<ObjectNode> stored = stored(point);
    if (stored.isEmpty() || stored.get().has(LAB_FAULT)) {
      return Optional.empty();
    }
    boolean current = stored.get().path(FINGERPRINT).asText().equals(fingerprint.apply(point));
    ObjectNode data = stored.get().deepCopy();
    data.remove(FINGERPRINT);
    try {
      D value = Json.MAPPER.treeToValue(data, dataType);
      if (!current) {
        save(point, value);
      }
      return Optional.of(value);
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("{} is not a finished point ({}); the point is measured again", dir.resolve(point.fileName()),
          e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Why an earlier run's attempt at the point, under the setup it has now, failed for a cause outside the app, if
   * it did: the point is measured again.
   */
  public Optional<String> labFault(P point) {
    return stored(point).filter(node -> node.has(LAB_FAULT)).map(node -> node.path(LAB_FAULT).asText());
  }

  /** Records a finished point; written whole or not at all, so a kill mid-write leaves no half a point. */
  public void save(P point, D data) throws IOException {
    ObjectNode stored = Json.MAPPER.createObjectNode();
    stored.put(FINGERPRINT, fingerprint.apply(point));
    JsonNode fields = Json.MAPPER.valueToTree(data);
    stored.setAll((ObjectNode) fields);
    write(point, stored);
  }

  /** Records that the point's attempt failed for {@code cause}, outside the app: not finished, measured again. */
  public void saveLabFault(P point, String cause) throws IOException {
    ObjectNode stored = Json.MAPPER.createObjectNode();
    stored.put(FINGERPRINT, fingerprint.apply(point));
    stored.put(LAB_FAULT, cause);
    write(point, stored);
  }

  private void write(P point, ObjectNode stored) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(point.fileName());
    Path partial = dir.resolve(point.fileName() + ".partial");
    Files.writeString(partial, Json.MAPPER.writeValueAsString(stored));
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The point's file, if it was written under the setup the point has now (or a former fingerprint of it). */
  private Optional<ObjectNode> stored(P point) {
    Optional<ObjectNode> stored = read(dir.resolve(point.fileName()));
    if (stored.isEmpty()) {
      return Optional.empty();
    }
    String recorded = stored.get().path(FINGERPRINT).asText();
    return recorded.equals(fingerprint.apply(point)) || formerFingerprints.apply(point).contains(recorded) ? stored
        : Optional.empty();
  }

  private static Optional<ObjectNode> read(Path file) {
    if (!Files.isRegularFile(file) || !file.getFileName().toString().endsWith(".json")) {
      return Optional.empty();
    }
    try {
      return Json.MAPPER.readTree(Files.readString(file)) instanceof ObjectNode node ? Optional.of(node)
          : Optional.empty();
    } catch (IOException e) {
      LOG.warn("{} is not a finished point ({}); the point is measured again", file, e.getMessage());
      return Optional.empty();
    } catch (UncheckedIOException e) {
      return Optional.empty();
    }
  }
}
