package dev.perflab.harness.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Reads a file out of an image without running it: a created, never started container (labelled
 * like every harness container, so a killed run's is swept), copied from, then removed.
 */
public final class ImageFiles {

  private ImageFiles() {}

  public static byte[] read(DockerClient docker, String image, String path) {
    String id = docker.createContainerCmd(image).withLabels(LabLabels.forRun()).exec().getId();
    try (InputStream tar = docker.copyArchiveFromContainerCmd(id, path).exec();
         TarArchiveInputStream entries = new TarArchiveInputStream(tar)) {
      if (entries.getNextEntry() == null) {
        throw new IllegalStateException(path + " is empty in image " + image);
      }
      ByteArrayOutputStream content = new ByteArrayOutputStream();
      entries.transferTo(content);
      return content.toByteArray();
    } catch (NotFoundException e) {
      throw new IllegalStateException("image " + image + " has no " + path, e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + " from image " + image, e);
    } finally {
      docker.removeContainerCmd(id).withForce(true).exec();
    }
  }
}
