package dev.perflab.harness.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Image;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.testcontainers.DockerClientFactory;

/**
 * Which of the engine's images share a layer with an image, and taking them away: a pull transfers
 * only the layers the engine lacks, and perflab's images share their JRE layer, so removing one tag
 * before a pull would transfer almost nothing. Every tagged image that shares a layer goes (after the
 * registry has it); an untagged one is an earlier build's leftover and goes too.
 */
public final class LayerSharing {

  private final DockerClient docker;

  public LayerSharing() {
    this(DockerClientFactory.instance().client());
  }

  LayerSharing(DockerClient docker) {
    this.docker = docker;
  }

  /**
   * One image of the engine.
   *
   * @param tags its tags ("perflab/quarkus:3.37.3-jvm"); empty for an untagged one
   */
  public record LocalImage(String id, List<String> tags, List<String> layers) {}

  /** The engine's images with at least one of {@code image}'s layers, {@code image} itself among them. */
  public List<LocalImage> sharingWith(String image) {
    Set<String> layers = new HashSet<>(layers(image));
    List<LocalImage> sharing = new ArrayList<>();
    for (Image listed : docker.listImagesCmd().withShowAll(true).exec()) {
      List<String> own = layers(listed.getId());
      if (own.stream().anyMatch(layers::contains)) {
        List<String> tags = listed.getRepoTags() == null ? List.of()
            : List.of(listed.getRepoTags()).stream().filter(tag -> !tag.equals("<none>:<none>")).toList();
        sharing.add(new LocalImage(listed.getId(), tags, own));
      }
    }
    return sharing;
  }

  /**
   * Removes {@code sharing} (tags first, then what is left untagged) and proves no image holds any of
   * {@code image}'s layers any more.
   *
   * @throws IllegalStateException if an image cannot go (a container uses it) or a layer stays
   */
  public void remove(String image, List<LocalImage> sharing) {
    Set<String> layers = new HashSet<>(layers(image));
    for (LocalImage local : sharing) {
      for (String tag : local.tags()) {
        remove(tag, image);
      }
    }
    // Untagged ones children first: a build's intermediate images made in the same second list in any order, and
    // the engine refuses a parent whose child is still there (409). Each pass removes what it can, until none is left
    // or a pass removes nothing (then the refusal stands).
    List<LocalImage> untagged = sharing.stream().filter(local -> local.tags().isEmpty()).toList();
    while (true) {
      List<LocalImage> present = untagged.stream()
          .filter(local -> new Images(docker).find(local.id()).isPresent()).toList();
      if (present.isEmpty()) {
        break;
      }
      IllegalStateException refused = null;
      int removed = 0;
      for (LocalImage local : present) {
        try {
          remove(local.id(), image);
          removed++;
        } catch (IllegalStateException e) {
          refused = e;
        }
      }
      if (removed == 0) {
        throw refused;
      }
    }
    for (Image left : docker.listImagesCmd().withShowAll(true).exec()) {
      if (layers(left.getId()).stream().anyMatch(layers::contains)) {
        throw new IllegalStateException("image " + left.getId() + " " + List.of(left.getRepoTags() == null
            ? new String[0] : left.getRepoTags()) + " still holds a layer of " + image + " after its removal:"
            + " a pull would not transfer it");
      }
    }
  }

  private void remove(String nameOrId, String image) {
    try {
      docker.removeImageCmd(nameOrId).exec();
    } catch (DockerException e) {
      throw new IllegalStateException("image " + nameOrId + " shares a layer with " + image + " and could not be"
          + " removed before its pull (a container of it, stopped or running, holds it: remove that container): "
          + e.getMessage(), e);
    }
  }

  /** Its layers' diff IDs, bottom first; none for an image already gone. */
  private List<String> layers(String nameOrId) {
    try {
      var rootFs = docker.inspectImageCmd(nameOrId).exec().getRootFS();
      return rootFs == null || rootFs.getLayers() == null ? List.of() : rootFs.getLayers();
    } catch (NotFoundException e) {
      return List.of();
    }
  }
}
