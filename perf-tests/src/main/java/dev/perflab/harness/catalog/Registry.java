package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * The local registry the cold-start experiment pulls images from (docker/registry): run on loopback
 * for one experiment, its storage in a labelled volume until every tag it held is back.
 *
 * @param image the registry's image, built from Debian's docker-registry like the other images
 */
public record Registry(String image) {

  public Registry {
    required(image, "image");
  }
}
