package dev.perflab.harness.launch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;

/**
 * The images cells run, as the local engine has them: whether one is there, its size, and the AOT
 * training record inside it. One rule for a missing image, the same in every part: where the
 * cell's mode needs a build tool this machine lacks (native-image), the cell is unavailable;
 * otherwise the image should have been built, and the cell fails, saying how to build it.
 */
public final class Images {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final DockerClient docker;

  public Images(DockerClient docker) {
    this.docker = docker;
  }

  /** The images of the engine Testcontainers talks to. */
  public static Images local() {
    return new Images(DockerClientFactory.instance().client());
  }

  /** The engine's version, as its API reports it ("20.10.24+dfsg1"). */
  public String engineVersion() {
    return docker.versionCmd().exec().getVersion();
  }

  /** The image as the local engine has it; empty if it is not there. */
  public Optional<ImageInfo> find(String image) {
    InspectImageResponse response;
    try {
      response = docker.inspectImageCmd(image).exec();
    } catch (NotFoundException e) {
      return Optional.empty();
    }
    int layers = response.getRootFS() == null || response.getRootFS().getLayers() == null
        ? 0 : response.getRootFS().getLayers().size();
    return Optional.of(new ImageInfo(image, response.getId(), response.getSize(), layers));
  }

  /**
   * {@code image} in {@code mode}, or why {@code subject} cannot run it: {@link Outcome.Unavailable}
   * when the mode's tool is missing here, else {@link Outcome.Failed}.
   */
  public Found require(String subject, Mode mode, String image) {
    Optional<ImageInfo> found = find(image);
    if (found.isPresent()) {
      return new Found(found.get(), null);
    }
    if (mode.toolchain() != null) {
      return new Found(null, new Outcome.Unavailable(
          Toolchain.unavailableReason(mode.toolchain(), image, Toolchain.locate(mode.toolchain()))));
    }
    return new Found(null, Outcome.Failed.of(subject, "image " + image + " is not in the local Docker engine;"
        + " build it first with ./mvnw package (or verify) from the project root"));
  }

  /** What {@link #require} found: the image, or why there is none ({@code problem}). */
  public record Found(ImageInfo image, Outcome problem) {

    public boolean present() {
      return image != null;
    }
  }

  /** The training record at {@code path} in {@code image} (an AOT mode's aotTrainingRecord). */
  public AotTraining aotTraining(String image, String path) throws IOException {
    return JSON.readValue(ImageFiles.read(docker, image, path), AotTraining.class);
  }
}
