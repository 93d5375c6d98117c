package dev.perflab.harness.report.results;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The verdicts a line of the results index states, each tied to what it is about, in the two forms the index may use:
 *
 * <ul>
 *   <li>a <b>citation</b>: finding ids in backticks, then the verdict, then, when a later file restated it, an arrow
 *       and the verdict that stands: "`model-agrees` r 0.83" is prose, "`model-agrees` agree → inconclusive" a
 *       citation; several ids may share one verdict ("`faster-at-every-mix` and `flat-along-the-mix` agree");
 *   <li>a <b>count</b> of a restatement's changes: "25 disagree → inconclusive", "0 → disagree".
 * </ul>
 *
 * Either is about the file (and section, with an anchor) of the nearest link to docs/results before it on the line.
 * Any other agree, disagree or inconclusive on the line is a <b>loose word</b>: a verdict no check can tie to a table.
 */
final class IndexCitations {

  private static final String WORD = "(agrees?|disagrees?|inconclusive)";
  private static final String ID = "`[a-z0-9]+(?:-[a-z0-9]+)+`";
  private static final Pattern CITATION = Pattern.compile("(" + ID + "(?:(?:, and |, | and )" + ID + ")*) " + WORD
      + "(?: → (agrees?|disagrees?|inconclusive|not restatable|conditional))?\\b");
  /** A whole number, not the tail of a figure ("r 0.83 agree → …" counts nothing). */
  private static final Pattern COUNT = Pattern.compile("(?<![\\d.,])\\b(\\d+) (?:" + WORD + " )?→ " + WORD + "\\b");
  private static final Pattern CODE = Pattern.compile("`[^`]*`");
  private static final Pattern LOOSE = Pattern.compile("\\b" + WORD + "\\b");

  /**
   * @param said the verdict stated first: as printed, or the one that stands when no arrow follows
   * @param restated the verdict after the arrow; null when there is none
   */
  record Citation(int line, String text, ResultsMarkdown.Link scope, List<String> ids, Verdict said,
      Verdict restated) {}

  /** @param from the old verdict counted; null when any other counts ("0 → disagree") */
  record Count(int line, String text, ResultsMarkdown.Link scope, int count, Verdict from, Verdict to) {}

  record Loose(int line, String word, String context) {}

  record Line(List<Citation> citations, List<Count> counts, List<Loose> loose, List<String> unscoped) {}

  private IndexCitations() {}

  static Line read(int number, String line) {
    List<ResultsMarkdown.Link> links = ResultsMarkdown.links(line);
    List<Citation> citations = new ArrayList<>();
    List<Count> counts = new ArrayList<>();
    List<String> unscoped = new ArrayList<>();
    boolean[] tied = new boolean[line.length()];
    Matcher citation = CITATION.matcher(line);
    while (citation.find()) {
      mark(tied, citation.start(), citation.end());
      ResultsMarkdown.Link scope = scope(links, citation.start());
      if (scope == null) {
        unscoped.add(citation.group());
        continue;
      }
      List<String> ids = new ArrayList<>();
      Matcher id = FindingTables.ID.matcher(citation.group(1));
      while (id.find()) {
        ids.add(id.group(1));
      }
      citations.add(new Citation(number, citation.group(), scope, ids, verdict(citation.group(2)),
          citation.group(3) == null ? null : verdict(citation.group(3))));
    }
    Matcher count = COUNT.matcher(line);
    while (count.find()) {
      mark(tied, count.start(), count.end());
      ResultsMarkdown.Link scope = scope(links, count.start());
      if (scope == null) {
        unscoped.add(count.group());
        continue;
      }
      counts.add(new Count(number, count.group(), scope, Integer.parseInt(count.group(1)),
          count.group(2) == null ? null : verdict(count.group(2)), verdict(count.group(3))));
    }
    Matcher code = CODE.matcher(line);
    while (code.find()) {
      mark(tied, code.start(), code.end()); // an id such as `model-agrees` is a name, not a verdict
    }
    for (ResultsMarkdown.Link link : links) {
      mark(tied, link.start() + link.text().length() + 2, link.end()); // nor is an anchor's word
    }
    List<Loose> loose = new ArrayList<>();
    Matcher word = LOOSE.matcher(line);
    while (word.find()) {
      if (!tied[word.start()]) {
        loose.add(new Loose(number, word.group(), context(line, word.start(), word.end())));
      }
    }
    return new Line(citations, counts, loose, unscoped);
  }

  /** The last link to docs/results that ends before {@code at}: what the words at {@code at} are about. */
  private static ResultsMarkdown.Link scope(List<ResultsMarkdown.Link> links, int at) {
    ResultsMarkdown.Link scope = null;
    for (ResultsMarkdown.Link link : links) {
      if (link.end() <= at) {
        scope = link;
      }
    }
    return scope;
  }

  private static Verdict verdict(String word) {
    return Verdict.of(word).orElseThrow();
  }

  private static void mark(boolean[] tied, int start, int end) {
    for (int i = start; i < end; i++) {
      tied[i] = true;
    }
  }

  /** Up to 60 characters either side, enough for a reader to find the word on a long index line. */
  static String context(String line, int start, int end) {
    return "…" + line.substring(Math.max(0, start - 60), Math.min(line.length(), end + 60)) + "…";
  }
}
