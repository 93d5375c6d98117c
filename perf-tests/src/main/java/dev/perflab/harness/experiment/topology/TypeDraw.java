package dev.perflab.harness.experiment.topology;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the closed users of a topology choose the request type of each request (the block's {@code typeDraw}). It
 * decides what a mix forces: drawn per request, each type's share of the throughput is the mix (so a pipeline
 * of two types balances p · its demand against the other's, and the study's separated pipes and filters bottom out
 * sharply at p = 0.4); kept per user, each type's users cycle as fast as its own path lets them, and both
 * pipelines can saturate at once.
 */
public enum TypeDraw {

  /** Each request of each user is of the first type with probability p, the mix: as the study's users drew them. */
  PER_REQUEST("per-request"),

  /**
   * Each user keeps one type for the whole mix, the users shared out by the mix: a closed network's fixed classes.
   * The topologies measured so before the draw was a setting.
   */
  PER_USER("per-user");

  private final String key;

  TypeDraw(String key) {
    this.key = key;
  }

  /** "per-request", "per-user": its name in a file. */
  @JsonValue
  public String key() {
    return key;
  }

  /** What the users did, for the report's setup. */
  String described() {
    return switch (this) {
      case PER_REQUEST -> "Request types drawn per request (typeDraw: " + key + "): each request of each user is of"
          + " the first type with the mix's probability, so the mix is each type's share of the requests, as the"
          + " study's users drew them; the model is one closed chain whose users switch type at every request.";
      case PER_USER -> "Request types kept per user (typeDraw: " + key + "): each user sends one type for the whole"
          + " mix, the mix sharing the users out, so a type's share of the requests follows how fast its own users"
          + " cycle; the model is a closed network of one class per type. The study drew a type per request.";
    };
  }
}
