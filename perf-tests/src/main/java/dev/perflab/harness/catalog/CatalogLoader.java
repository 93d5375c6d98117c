package dev.perflab.harness.catalog;

import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads the catalog bundled with the harness ({@code catalog.yaml} on the classpath), overlaid
 * with a user's catalog file where one is given: each top-level key of the user's file replaces
 * the bundled key of that name, whole, so a file with only {@code apps:} measures the user's
 * services with the bundled modes, profiles and load settings.
 */
public final class CatalogLoader {

  public static final String RESOURCE = "catalog.yaml";

  private CatalogLoader() {}

  /** The bundled catalog alone, whatever the settings say: what the project's own apps are checked against. */
  public static Catalog bundled() {
    return StrictYaml.read(bundledText(), RESOURCE, Catalog.class);
  }

  /** The bundled catalog overlaid with {@code userCatalog}; the bundled one alone if that is null. */
  public static Catalog load(Path userCatalog) {
    if (userCatalog == null) {
      return bundled();
    }
    String text;
    try {
      text = Files.readString(userCatalog);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the catalog file " + userCatalog.toAbsolutePath()
          + " (perflab.catalog)", e);
    }
    return overlay(text, userCatalog.toString());
  }

  /** The bundled catalog overlaid with {@code userYaml}; errors in it name {@code userSource}. */
  static Catalog overlay(String userYaml, String userSource) {
    return StrictYaml.readOverlaid(bundledText(), RESOURCE, userYaml, userSource, Catalog.class);
  }

  private static String bundledText() {
    try (InputStream yaml = CatalogLoader.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (yaml == null) {
        throw new ConfigFileException(RESOURCE, "not found on the classpath");
      }
      return new String(yaml.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE + " from the classpath", e);
    }
  }
}
