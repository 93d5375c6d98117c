package dev.perflab.gatling;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A simulation's own outcome as a JSON file in its outcome directory, which the harness reads back. */
final class OutcomeFile {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private OutcomeFile() {}

  static Path write(Path directory, String fileName, Object outcome) {
    try {
      Files.createDirectories(directory);
      Path file = directory.resolve(fileName);
      JSON.writeValue(file.toFile(), outcome);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + directory.resolve(fileName), e);
    }
  }

  static <T> T read(Path directory, String fileName, Class<T> type) {
    try {
      return JSON.readValue(directory.resolve(fileName).toFile(), type);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + directory.resolve(fileName), e);
    }
  }
}
