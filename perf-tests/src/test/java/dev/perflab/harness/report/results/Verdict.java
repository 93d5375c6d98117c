package dev.perflab.harness.report.results;

import java.util.Locale;
import java.util.Optional;

/**
 * A verdict as the results files write it: the rule's three ({@code VerdictRule}'s agree, disagree, inconclusive),
 * and the two a restatement may give instead, when the printed figures cannot decide it.
 */
enum Verdict {
  AGREE("agree"),
  DISAGREE("disagree"),
  INCONCLUSIVE("inconclusive"),
  /** The file lacks a figure the rule needs ("n/r" in a restatement table). */
  NOT_RESTATABLE("not restatable"),
  /** The verdict hangs on one figure the file does not print ("cond." in a restatement table). */
  CONDITIONAL("conditional");

  private final String word;

  Verdict(String word) {
    this.word = word;
  }

  String word() {
    return word;
  }

  /** One of the rule's three, which an index may state on its own. */
  boolean plain() {
    return this == AGREE || this == DISAGREE || this == INCONCLUSIVE;
  }

  /** The verdict a word states: "agrees" as "agree", "n/r" and "cond." as the index spells them out. */
  static Optional<Verdict> of(String word) {
    return Optional.ofNullable(switch (word.strip().toLowerCase(Locale.ROOT)) {
      case "agree", "agrees" -> AGREE;
      case "disagree", "disagrees" -> DISAGREE;
      case "inconclusive" -> INCONCLUSIVE;
      case "not restatable", "n/r" -> NOT_RESTATABLE;
      case "conditional", "cond." -> CONDITIONAL;
      default -> null;
    });
  }

  /** The verdict a cell starts with once its emphasis is dropped ("**agree**: r 0.83", "agree†", "cond.: …"). */
  static Optional<Verdict> leading(String cell) {
    String text = ResultsMarkdown.plain(cell).toLowerCase(Locale.ROOT);
    for (String word : new String[] {"disagree", "agree", "inconclusive", "n/r", "cond."}) {
      if (text.startsWith(word)) {
        return of(word);
      }
    }
    return Optional.empty();
  }
}
