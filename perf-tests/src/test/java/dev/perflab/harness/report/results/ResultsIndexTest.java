package dev.perflab.harness.report.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A verdict word of the results index cannot drift from its figure: each agree, disagree or inconclusive in
 * docs/results/README.md names its finding (`finding-id` verdict) after a link to the file or section that prints it,
 * and is the verdict that file's findings table prints, or the one a later restatement gives it (see
 * {@link ResultsIndex} for how a restatement is respected). The last tests run the check on small files made here, so
 * that what it catches stays shown.
 */
class ResultsIndexTest {

  private static final Path RESULTS = Path.of("../docs/results");

  @Test
  void everyVerdictOfTheIndexIsTheOneItsFileStandsBy() throws IOException {
    assertNone(bundled().indexProblems(), "verdict(s) of docs/results/README.md drift from the files they cite");
  }

  @Test
  void everyRestatementFindsTheVerdictItRestatesWhereItLinks() throws IOException {
    assertNone(bundled().restatementProblems(), "restatement row(s) do not match the tables they restate");
  }

  @Test
  void everyResultsFileHasAnIndexEntry() throws IOException {
    assertNone(bundled().unindexed(), "results file(s) missing from docs/results/README.md");
  }

  private static final String RUN = """
      # A run

      ## Quarkus (commit 25f6a73)

      | finding (the study's) | the study | Quarkus |
      |---|---|---|
      | `faster-at-every-mix`: W = 5 faster than W = 0 at every mix | agree | **agree**: 6 of 6 |
      | `model-agrees`: model and measurement agree, r ≥ 0.78 | agree | **disagree**: r 0.60 |

      ## Micronaut

      | finding | perflab | verdict |
      |---|---|---|
      | `model-agrees`: the same | r 0.94 | inconclusive |
      """;

  private static final String RESTATED = """
      # Restated

      | run | finding | framework/app | old | new | figure |
      |---|---|---|---|---|---|
      | [§ Quarkus](run.md#quarkus-commit-25f6a73) | `faster-at-every-mix` | Q | agree | **inconclusive** | 42 ± 65 |
      | [same](run.md#quarkus-commit-25f6a73) | `model-agrees` | Q | disagree | n/r | lacks the noise |
      """;

  private static ResultsIndex made(String index) {
    return ResultsIndex.of(Map.of("README.md", index, "run.md",
        RUN.replace("# A run\n", "# A run\n\n**Restated** in [restated.md](restated.md).\n"), "restated.md", RESTATED));
  }

  @Test
  void aVerdictTheTableDoesNotPrintIsNamedWithWhatToWrite() {
    List<String> problems = ResultsIndex.of(Map.of("README.md", "- [run.md](run.md#micronaut): "
        + "the model at r 0.94 (`model-agrees` agree)\n", "run.md", RUN)).indexProblems();

    assertThat(problems).containsExactly("README.md line 1: \"`model-agrees` agree\": the findings table at"
        + " run.md#micronaut line 14 prints `model-agrees` inconclusive: write `model-agrees` inconclusive");
  }

  @Test
  void aVerdictWordTiedToNoFindingIsRefused() {
    List<String> problems = ResultsIndex.of(Map.of("README.md", "- [run.md](run.md): every finding agrees\n",
        "run.md", RUN)).indexProblems();

    assertThat(problems).singleElement().asString().startsWith("README.md line 1: \"agrees\" is tied to no finding")
        .contains("every finding agrees").contains("`model-agrees` inconclusive");
  }

  @Test
  void aFindingPrintedTwiceDifferentlyNeedsItsSection() {
    List<String> problems = ResultsIndex.of(Map.of("README.md", "- [run.md](run.md): `model-agrees` disagree\n",
        "run.md", RUN)).indexProblems();

    assertThat(problems).singleElement().asString().contains("prints `model-agrees` as disagree"
        + " (run.md#quarkus-commit-25f6a73 line 8), inconclusive (run.md#micronaut line 14)")
        .endsWith("link the section meant");
  }

  @Test
  void aRestatedFindingCitedAsPrintedIsStale() {
    String index = "- [run.md](run.md#quarkus-commit-25f6a73): `faster-at-every-mix` agree\n";

    assertThat(made(index).indexProblems()).singleElement().asString()
        .endsWith("the findings table at run.md#quarkus-commit-25f6a73 line 9 prints `faster-at-every-mix` agree,"
            + " and restated.md line 5 restates it inconclusive: write `faster-at-every-mix` agree → inconclusive");
  }

  @Test
  void aRestatedFindingIsCitedByTheVerdictThatStandsOrBoth() {
    String index = "- [run.md](run.md#quarkus-commit-25f6a73): `faster-at-every-mix` inconclusive,"
        + " then `faster-at-every-mix` agree → inconclusive; `model-agrees` disagree → not restatable\n"
        + "- [restated.md](restated.md): 1 agree → inconclusive, 0 → disagree\n";

    assertThat(made(index).indexProblems()).isEmpty();
    assertThat(made(index).restatementProblems()).isEmpty();
  }

  @Test
  void aFindingThatCannotBeRestatedIsNotCitedAsIfItStood() {
    String index = "- [run.md](run.md#quarkus-commit-25f6a73): `model-agrees` disagree\n";

    assertThat(made(index).indexProblems()).singleElement().asString()
        .endsWith("restates it not restatable: write `model-agrees` disagree → not restatable");
  }

  @Test
  void aCountOfChangesIsCountedInTheRestatingFile() {
    String index = "- [restated.md](restated.md): 2 agree → inconclusive\n";

    assertThat(made(index).indexProblems()).containsExactly("README.md line 1: \"2 agree → inconclusive\":"
        + " restated.md restates 1 printed agree verdict(s) as inconclusive, at line(s) 5:"
        + " write 1 agree → inconclusive");
  }

  @Test
  void aRestatementMustFindThePrintedVerdictItCallsOld() {
    ResultsIndex index = ResultsIndex.of(Map.of("README.md", "", "run.md", RUN,
        "restated.md", RESTATED.replace("| Q | agree |", "| Q | disagree |")));

    assertThat(index.restatementProblems()).contains("restated.md line 5 (`faster-at-every-mix` in"
        + " run.md#quarkus-commit-25f6a73): run.md does not say it is restated: add a line starting"
        + " **Restated** that links restated.md, so that its reader and the index know its verdicts moved",
        "restated.md line 5 (`faster-at-every-mix` in run.md#quarkus-commit-25f6a73): its old verdict is"
        + " disagree, but agree (run.md#quarkus-commit-25f6a73 line 7) is what the file prints: the old"
        + " column copies the printed verdict");
  }

  @Test
  void aLinkToAHeadingThatIsNotThereIsNamed() {
    List<String> problems = made("- [run.md](run.md#spring-boot): r 0.9\n").indexProblems();

    assertThat(problems).containsExactly("README.md line 1: links run.md#spring-boot, but no heading of"
        + " run.md has that anchor (GitHub's: lower case, punctuation dropped, spaces as hyphens)");
  }

  private static ResultsIndex bundled() throws IOException {
    Map<String, String> texts = new TreeMap<>();
    try (Stream<Path> files = Files.list(RESULTS)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".md")).toList()) {
        texts.put(file.getFileName().toString(), Files.readString(file));
      }
    }
    assertThat(texts).containsKey(ResultsIndex.INDEX);
    return ResultsIndex.of(texts);
  }

  private static void assertNone(List<String> problems, String what) {
    assertThat(problems).withFailMessage("%d %s:%n%s", problems.size(), what, String.join("\n", problems)).isEmpty();
  }
}
