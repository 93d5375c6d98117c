package dev.perflab.harness.load;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a staircase loads a service, as an experiment file names it ({@code load: fixed-count}): the
 * shape of each of its steps ({@link StepLoad}).
 */
public enum LoadModel {
  /** Requests due at a rate whatever the service does (the open-model driver); a step is a rate. */
  OPEN,
  /** ApacheBench's {@code -n N -c C}: n requests over c connections, each sent when the last is answered; a step is c. */
  FIXED_COUNT,
  /** A closed population of users, each thinking between an answer and its next request; a step is the users. */
  USERS;

  /** "open", "fixed-count", "users": its name in a file. */
  @JsonValue
  public String key() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Whether its steps are concurrencies (closed) rather than rates (open). */
  public boolean closed() {
    return this != OPEN;
  }
}
