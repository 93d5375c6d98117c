package dev.perflab.harness.result;

/** An image's identity and footprint as the local Docker engine stores it (uncompressed). */
public record ImageInfo(String image, String id, long sizeBytes, int layerCount) {}
