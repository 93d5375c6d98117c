package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stats CSV as perflab/haproxy:2.6 served it in BalancerIT (src/test/resources/haproxy/README.md). */
class BalancerServerStatsTest {

  @Test
  void aKilledReplicaIsDownWhileTheOtherServesOnAndFrontendsAndTheStatsPageAreLeftOut() throws IOException {
    List<BalancerServerStats> stats = BalancerServerStats.parse(resource("stats-app-2-down.csv"));

    assertThat(stats).extracting(row -> row.proxy() + "/" + row.server())
        .containsExactly("be_app/app-1", "be_app/app-2", "be_app/BACKEND");
    assertThat(stats.get(0)).isEqualTo(new BalancerServerStats("be_app", "app-1", "UP", "L7OK",
        0, 1, 9, 0, 0, 0, 0, 0, 0, 0, 0, 3, 208, 0, 12, 0));
    // A check in progress: HAProxy's "* L4TOUT" is the last check's L4TOUT.
    assertThat(stats.get(1)).isEqualTo(new BalancerServerStats("be_app", "app-2", "DOWN", "L4TOUT",
        0, 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, 4, 6, 1, 10, 10));
    assertThat(stats.get(1).down()).isTrue();
    assertThat(stats.get(2).checkStatus()).as("a backend has no check of its own").isEmpty();
    assertThat(stats.get(2).sessionsTotal()).isEqualTo(14);
  }

  @Test
  void aReplicaWhoseNameNoLongerResolvesIsInMaintenance() throws IOException {
    BalancerServerStats app2 = BalancerServerStats.parse(resource("stats-app-2-maint.csv")).get(1);

    assertThat(app2.status()).isEqualTo("MAINT (resolution)");
    assertThat(app2.down()).isFalse();
    assertThat(app2.downtimeSeconds()).isEqualTo(45);
  }

  @Test
  void columnsAreFoundByTheHeaderNotByPlace() {
    String csv = """
        # svname,pxname,type,status,added_in_a_later_version,check_status,scur,smax,stot,qcur,qmax,wretr,wredis,econ,\
        eresp,hrsp_4xx,hrsp_5xx,rtime,ttime,chkdown,lastchg,downtime
        s-1,be_s,2,UP,x,L7OK,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
        """;

    assertThat(BalancerServerStats.parse(csv)).containsExactly(
        new BalancerServerStats("be_s", "s-1", "UP", "L7OK", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16));
  }

  @Test
  void somethingElseThanTheStatsCsvIsRefusedSayingWhatItGot() {
    assertThatIllegalArgumentException().isThrownBy(() -> BalancerServerStats.parse("<html>503 Service Unavailable"))
        .withMessageContaining("not HAProxy's stats CSV").withMessageContaining("503 Service Unavailable");
    assertThatIllegalArgumentException().isThrownBy(() -> BalancerServerStats.parse("# pxname,svname,type\nbe,s,2\n"))
        .withMessageContaining("has no column 'status'");
  }

  static String resource(String name) throws IOException {
    try (InputStream in = BalancerServerStatsTest.class.getResourceAsStream("/haproxy/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource haproxy/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
