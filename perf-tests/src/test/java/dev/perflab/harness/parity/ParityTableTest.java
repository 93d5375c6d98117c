package dev.perflab.harness.parity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParityTableTest {

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
      assertThat(without.expectedStatus()).as(with.toString()).isEqualTo(expected);
    }
    assertThat(withoutDatabase).filteredOn(request -> request.expectedStatus() == 503).hasSize(16)
        .allSatisfy(request -> assertThat(request.expectedMediaType()).isEqualTo(ParityRequest.JSON));
  }
}
