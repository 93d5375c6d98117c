package dev.perflab.harness.catalog;

import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads the catalog bundled with the harness ({@code catalog.yaml} on the classpath). */
public final class CatalogLoader {

  public static final String RESOURCE = "catalog.yaml";

  private CatalogLoader() {}

  public static Catalog load() {
    try (InputStream yaml = CatalogLoader.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (yaml == null) {
        throw new ConfigFileException(RESOURCE, "not found on the classpath");
      }
      return StrictYaml.read(new String(yaml.readAllBytes(), StandardCharsets.UTF_8), RESOURCE, Catalog.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE + " from the classpath", e);
    }
  }
}
