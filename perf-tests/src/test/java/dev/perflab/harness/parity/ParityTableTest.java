package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParityTableTest {

  @Test
  void theNodeDigestIsTheContractsKernelOrTheSeed() {
    // printf perflab | sha256sum; printf perflab | xxd -p
    assertThat(ParityTable.nodeDigest(1)).isEqualTo("97042919c91c4c88503916cb026c86073aecb9d9ca2966ededd697c262dabb2d");
    assertThat(ParityTable.nodeDigest(0)).isEqualTo("706572666c6162");
  }

  @Test
  void withoutADatabaseTheUsersThatNeedItAre503AndBadInputIsStillRefused() {
    List<ParityRequest> withDatabase = ParityTable.requests();
    List<ParityRequest> withoutDatabase = ParityTable.withoutDatabase();

    assertThat(withoutDatabase).hasSameSizeAs(withDatabase);
    for (int i = 0; i < withDatabase.size(); i++) {
      ParityRequest with = withDatabase.get(i);
      ParityRequest without = withoutDatabase.get(i);
      assertThat(without.method() + " " + without.pathAndQuery()).isEqualTo(with.method() + " " + with.pathAndQuery());
      int expected = with.pathAndQuery().startsWith("/users") && List.of(200, 201, 204, 404, 409).contains(with.expectedStatus())
          ? 503 : with.expectedStatus();
      // ... and they get a NODE_SPEC that is not valid: every /node request a route takes is a 400
      if (with.pathAndQuery().startsWith("/node") && !List.of(404, 405).contains(with.expectedStatus())) {
        expected = 400;
        assertThat(without.expectedJson()).isEqualTo("{\"error\":\"" + ParityTable.BAD_NODE_SPEC_ERROR + "\"}");
        assertThat(without.headers()).isEqualTo(with.headers());
      }
      assertThat(without.expectedStatus()).as(with.toString()).isEqualTo(expected);
    }
    assertThat(withoutDatabase).filteredOn(request -> request.expectedStatus() == 503).hasSize(16)
        .allSatisfy(request -> assertThat(request.expectedMediaType()).isEqualTo(ParityRequest.JSON));
  }
}
