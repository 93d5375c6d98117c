package dev.perflab.harness.measure;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.Optional;

/** An image's identity and footprint as the local Docker engine stores it (uncompressed). */
public record ImageInfo(String image, String id, long sizeBytes, int layerCount) {

  /** The image as the local engine has it; empty if it is not there. */
  public static Optional<ImageInfo> find(DockerClient docker, String image) {
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
}
