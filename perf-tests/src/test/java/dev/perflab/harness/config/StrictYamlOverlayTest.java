package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StrictYamlOverlayTest {

  record Item(String id, int weight) {}

  record Settings(String name, int size, List<Item> items) {}

  private static final String BASE = """
      name: base
      size: 3
      items:
        - {id: a, weight: 1}
        - {id: b, weight: 2}
      """;

  @Test
  void overlayKeysReplaceBaseKeysWhole() {
    Settings settings = StrictYaml.readOverlaid(BASE, "base.yaml", "items:\n  - {id: c, weight: 5}\n", "over.yaml",
        Settings.class);

    assertThat(settings).isEqualTo(new Settings("base", 3, List.of(new Item("c", 5))));
  }

  @Test
  void anErrorUnderAnOverlaidKeyNamesTheOverlayAndItsLine() {
    String over = """
        # the user's items
        items:
          - {id: c, weight: 5}
          - {id: d, weight: heavy}
        """;

    assertThatThrownBy(() -> StrictYaml.readOverlaid(BASE, "base.yaml", over, "over.yaml", Settings.class))
        .isInstanceOf(ConfigFileException.class)
        .hasMessage("over.yaml line 4, field 'items[1].weight': expected a whole number, got 'heavy'");
  }

  @Test
  void anErrorUnderAKeyTheOverlayLeftAloneNamesTheBase() {
    String base = BASE.replace("size: 3", "size: large");

    assertThatThrownBy(() -> StrictYaml.readOverlaid(base, "base.yaml", "name: mine\n", "over.yaml", Settings.class))
        .hasMessageStartingWith("base.yaml line 2, field 'size': expected a whole number");
  }

  @Test
  void aNullInTheOverlayReplacesToo() {
    Settings settings = StrictYaml.readOverlaid(BASE, "base.yaml", "items: null\n", "over.yaml", Settings.class);

    assertThat(settings.items()).isNull();
  }
}
