package dev.perflab.harness.measure;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;

/** An image's identity and footprint as the local Docker engine stores it (uncompressed). */
public record ImageInfo(String image, String id, long sizeBytes, int layerCount) {

  public static ImageInfo inspect(DockerClient docker, String image) {
    InspectImageResponse response;
    try {
      response = docker.inspectImageCmd(image).exec();
    } catch (NotFoundException e) {
      throw new IllegalStateException("image " + image + " is not in the local Docker engine;"
          + " build it first with ./mvnw package (or verify) from the project root", e);
    }
    int layers = response.getRootFS() == null || response.getRootFS().getLayers() == null
        ? 0 : response.getRootFS().getLayers().size();
    return new ImageInfo(image, response.getId(), response.getSize(), layers);
  }
}
