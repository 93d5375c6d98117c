package dev.perflab.harness.model;

import java.util.Map;

/**
 * The study's models (Pinciroli et al., ICSA 2023, the model.placeholder.jsimg of each pattern) as our
 * networks, with the parameters one result row carries. Class A is their Class1, class B their Class2;
 * their times are milliseconds, ours seconds.
 */
final class StudyModels {

  private StudyModels() {}

  /** Gateway offloading: A goes gateway → s1, B gateway → s2 → s3; the gateway's demand is W for both. */
  static ClosedNetwork gatewayOffloading(StudyRows.Row row) {
    double gateway = row.seconds("r_gw");
    return ClosedNetwork.builder()
        .station(Station.queue("gateway")).station(Station.queue("s1")).station(Station.queue("s2"))
        .station(Station.queue("s3"))
        .customerClass("A", row.count("N_A"), row.seconds("r_Z_A"),
            Map.of("gateway", gateway, "s1", row.seconds("r_A_s1")))
        .customerClass("B", row.count("N_B"), row.seconds("r_Z_B"),
            Map.of("gateway", gateway, "s2", row.seconds("r_B_s2"), "s3", row.seconds("r_B_s3")))
        .build();
  }

  /** Pipes and filters, joint: both classes through task 1 and task 2, then A to task 3, B to task 4. */
  static ClosedNetwork pipesAndFiltersJoint(StudyRows.Row row) {
    return ClosedNetwork.builder()
        .station(Station.queue("t1", row.count("c_T1"))).station(Station.queue("t2", row.count("c_T2")))
        .station(Station.queue("t3a", row.count("c_T3"))).station(Station.queue("t3b", row.count("c_T4")))
        .customerClass("A", row.count("N_A"), row.seconds("r_Z_A"),
            Map.of("t1", row.seconds("r_A_T1"), "t2", row.seconds("r_A_T2"), "t3a", row.seconds("r_A_T3")))
        .customerClass("B", row.count("N_B"), row.seconds("r_Z_B"),
            Map.of("t1", row.seconds("r_B_T1"), "t2", row.seconds("r_B_T2"), "t3b", row.seconds("r_B_T4")))
        .build();
  }

  /** Pipes and filters, separated: each class has its own three tasks. */
  static ClosedNetwork pipesAndFiltersSeparated(StudyRows.Row row) {
    return ClosedNetwork.builder()
        .station(Station.queue("t1a", row.count("c_A_T1"))).station(Station.queue("t2a", row.count("c_A_T2")))
        .station(Station.queue("t3a", row.count("c_A_T3"))).station(Station.queue("t1b", row.count("c_B_T1")))
        .station(Station.queue("t2b", row.count("c_B_T2"))).station(Station.queue("t3b", row.count("c_B_T4")))
        .customerClass("A", row.count("N_A"), row.seconds("r_Z_A"),
            Map.of("t1a", row.seconds("r_A_T1"), "t2a", row.seconds("r_A_T2"), "t3a", row.seconds("r_A_T3")))
        .customerClass("B", row.count("N_B"), row.seconds("r_Z_B"),
            Map.of("t1b", row.seconds("r_B_T1"), "t2b", row.seconds("r_B_T2"), "t3b", row.seconds("r_B_T4")))
        .build();
  }

  /**
   * Gateway aggregation: each request through the gateway, then to s1, s2 and s3 at once, answered when
   * all three have. Their model gives the gateway the rate r_B_gw for both classes (equal to r_A_gw in
   * every row).
   */
  static RoutedNetwork gatewayAggregation(StudyRows.Row row) {
    double gateway = row.seconds("r_B_gw");
    ClosedNetwork network = ClosedNetwork.builder()
        .station(Station.queue("gateway")).station(Station.queue("s1")).station(Station.queue("s2"))
        .station(Station.queue("s3"))
        .customerClass("A", row.count("N_A"), row.seconds("r_Z_A"), Map.of("gateway", gateway,
            "s1", row.seconds("r_A_s1"), "s2", row.seconds("r_A_s2"), "s3", row.seconds("r_A_s3")))
        .customerClass("B", row.count("N_B"), row.seconds("r_Z_B"), Map.of("gateway", gateway,
            "s1", row.seconds("r_B_s1"), "s2", row.seconds("r_B_s2"), "s3", row.seconds("r_B_s3")))
        .build();
    Route route = Route.of(Route.visit("gateway"),
        Route.fork(Route.through("s1"), Route.through("s2"), Route.through("s3")));
    return new RoutedNetwork(network, java.util.List.of(route, route));
  }
}
