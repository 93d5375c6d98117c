package dev.perflab.harness.parity;

import static org.instancio.Select.all;

import java.util.List;
import org.instancio.Instancio;
import org.instancio.Random;
import org.instancio.generator.AfterGenerate;
import org.instancio.generator.Generator;
import org.instancio.generator.Hints;

/**
 * The generated hostile requests: {@code count} of them, the kinds drawn evenly, every value from
 * Instancio's random generator seeded with {@code seed}, so a seed names one exact list of
 * requests (HostileRequestsTest proves it) and a failing run can be sent again byte for byte.
 */
final class HostileRequests {

  private HostileRequests() {}

  static List<HostileRequest> generate(long seed, int count) {
    return Instancio.ofList(HostileRequest.class)
        .size(count)
        .supply(all(HostileRequest.class), new HostileGenerator())
        .withSeed(seed)
        .create();
  }

  /** Builds each request from its kind's shape; Instancio is told to leave the result as it is. */
  private static final class HostileGenerator implements Generator<HostileRequest> {

    private static final HostileKind[] KINDS = HostileKind.values();

    @Override
    public HostileRequest generate(Random random) {
      return random.oneOf(KINDS).generate(random);
    }

    @Override
    public Hints hints() {
      return Hints.afterGenerate(AfterGenerate.DO_NOT_MODIFY);
    }
  }
}
