package dev.perflab.harness.launch;

/** The haproxy.cfg the lab writes for a set, for tests of the packages that build sets. */
public final class HaproxyConfigs {

  private HaproxyConfigs() {}

  public static String of(ContainerSet set) {
    return HaproxyConfig.of(set);
  }
}
