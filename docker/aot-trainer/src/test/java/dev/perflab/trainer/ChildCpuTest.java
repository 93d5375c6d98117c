package dev.perflab.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChildCpuTest {

    @Test
    void cutimePlusCstimeInHundredthsOfASecond() {
        String stat = "77 (java) S 1 77 77 0 -1 4194560 100 200 0 0 250 30 300 12 20 0 40 0 100 1000000 5000";

        assertThat(ChildCpu.parse(stat)).isEqualTo(Duration.ofMillis(3120));
    }
}
