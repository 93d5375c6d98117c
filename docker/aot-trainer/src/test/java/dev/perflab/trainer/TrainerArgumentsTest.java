package dev.perflab.trainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TrainerArgumentsTest {

    @Test
    void optionsThenTheAppCommandAfterTheSeparator() {
        TrainerArguments arguments = TrainerArguments.parse("--app", "quarkus", "--port", "8080", "--cache",
                "/app/app.aot", "--record", "/app/aot-training.json", "--", "java", "-jar", "/app/quarkus-run.jar");

        assertThat(arguments.app()).isEqualTo("quarkus");
        assertThat(arguments.port()).isEqualTo(8080);
        assertThat(arguments.cache()).isEqualTo(Path.of("/app/app.aot"));
        assertThat(arguments.command()).containsExactly("java", "-jar", "/app/quarkus-run.jar");
    }

    @Test
    void mistakesAreNamed() {
        assertThatThrownBy(() -> TrainerArguments.parse("--app", "a", "--port", "8080", "--cache", "c", "--record", "r"))
                .hasMessageContaining("no app command after '--'");
        assertThatThrownBy(() -> TrainerArguments.parse("--app", "a", "--port", "8080", "--cache", "c", "--", "java"))
                .hasMessageContaining("missing --record");
        assertThatThrownBy(() -> TrainerArguments.parse("--app", "a", "--port", "x", "--cache", "c", "--record", "r",
                "--", "java")).hasMessageContaining("--port must be a number, not 'x'");
        assertThatThrownBy(() -> TrainerArguments.parse("--app", "a", "--port", "1", "--cache", "c", "--record", "r",
                "--", "/app/run.sh")).hasMessageContaining("must start with java");
        assertThatThrownBy(() -> TrainerArguments.parse("--ap", "a", "--", "java"))
                .hasMessageContaining("unexpected argument '--ap'");
    }
}
