package dev.perflab.harness.catalog;

/** A service of a user's own, as a catalog overlay: its own rates, a mode's over them, no contract. */
public final class OwnServiceYaml {

  private OwnServiceYaml() {}

  /**
   * The app {@code slow}: a rate from half its capacity in JVM mode, 120/s in AOT mode.
   *
   * @param profiles the app's {@code profiles:} value, e.g. {@code null} or {@code [1cpu-512m]}
   * @param uses its {@code uses:} value, e.g. {@code []}
   */
  public static String slow(String profiles, String uses) {
    return """
        apps:
          - name: slow
            framework: my-service
            frameworkVersion: "2.0"
            frameworkVersionProperty: null
            contract: false
            port: 8080
            readinessPath: /
            startupLogPattern: null
            module: null
            images: {jvm: me/slow:2.0-jvm, aot: me/slow:2.0-aot}
            artifacts: null
            load:
              mix: null
              warmupRatePerSecond: 50
              fixedRatePerSecond: null
              fixedRateShareOfCapacity: 0.5
              maxConnections: 64
              sloP99Millis: 300
              capacityMaxRatePerSecond: null
              byMode:
                aot: {warmupRatePerSecond: null, fixedRatePerSecond: 120, fixedRateShareOfCapacity: null,
                      maxConnections: null, sloP99Millis: null, capacityMaxRatePerSecond: 900}
            profiles: PROFILES
            uses: USES
        """.replace("PROFILES", profiles).replace("USES", uses);
  }
}
