package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.ResourceProfile;

/**
 * A catalog profile an app is measured under, and the rate the grid reads it at: the app's fixed
 * rate in that mode, or the analysis' target rate where the catalog finds the rate from the
 * capacity (unknown until a search runs).
 */
public record ProfileAtRate(String app, String mode, ResourceProfile profile, double ratePerSecond) {

  String appMode() {
    return app + "/" + mode;
  }
}
