package dev.perflab.harness.report.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One markdown file of docs/results read as far as the results index's check needs: its headings with the anchors
 * GitHub gives them (so a link's {@code #anchor} names a section), its tables row by row, and the links on a line.
 * Fenced code is skipped: a command's {@code |} is no table.
 *
 * @param name the file's name, e.g. 2026-11-27-topologies.md
 * @param lines the file's lines; line numbers below count from 1
 */
record ResultsMarkdown(String name, List<String> lines, List<Heading> headings, List<Table> tables) {

  /** A heading and its section: from its line up to the next heading of its level or above. */
  record Heading(String anchor, int level, int line, int end) {

    boolean holds(int line) {
      return line >= this.line && line < end;
    }
  }

  record Table(int line, List<String> header, List<Row> rows) {

    /** The column whose header is {@code name}, ignoring case and emphasis; -1 when none is. */
    int column(String name) {
      for (int i = 0; i < header.size(); i++) {
        if (plain(header.get(i)).equalsIgnoreCase(name)) {
          return i;
        }
      }
      return -1;
    }
  }

  record Row(int line, List<String> cells) {

    String cell(int column) {
      return column >= 0 && column < cells.size() ? cells.get(column) : "";
    }
  }

  /** A markdown link to another file of docs/results, with the anchor it names if any (null when none). */
  record Link(String text, String file, String anchor, int start, int end) {

    String target() {
      return anchor == null ? file : file + "#" + anchor;
    }
  }

  /** [text](file.md) or [text](file.md#anchor), the file a sibling in docs/results (no folder in its path). */
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)]\\(([^)/#\\s]+\\.md)(?:#([^)\\s]*))?\\)");
  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern SEPARATOR = Pattern.compile(":?-+:?");

  static ResultsMarkdown parse(String name, String text) {
    List<String> lines = text.lines().toList();
    List<int[]> headingLines = new ArrayList<>();
    List<String> anchors = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    List<Table> tables = new ArrayList<>();
    List<String> header = null;
    List<Row> rows = new ArrayList<>();
    int tableLine = 0;
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int number = i + 1;
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
      }
      boolean tableRow = !fenced && line.startsWith("|");
      if (!tableRow && header != null) {
        tables.add(new Table(tableLine, header, List.copyOf(rows)));
        header = null;
      }
      if (tableRow) {
        List<String> cells = cells(line);
        if (header == null) {
          header = cells;
          tableLine = number;
          rows = new ArrayList<>();
        } else if (!cells.stream().allMatch(cell -> SEPARATOR.matcher(cell).matches())) {
          rows.add(new Row(number, cells));
        }
        continue;
      }
      Matcher heading = HEADING.matcher(line);
      if (!fenced && heading.matches()) {
        String anchor = anchor(heading.group(2));
        int count = seen.merge(anchor, 1, Integer::sum);
        anchors.add(count == 1 ? anchor : anchor + "-" + (count - 1));
        headingLines.add(new int[] {heading.group(1).length(), number});
      }
    }
    if (header != null) {
      tables.add(new Table(tableLine, header, List.copyOf(rows)));
    }
    List<Heading> headings = new ArrayList<>();
    for (int i = 0; i < headingLines.size(); i++) {
      int level = headingLines.get(i)[0];
      int end = lines.size() + 1;
      for (int j = i + 1; j < headingLines.size(); j++) {
        if (headingLines.get(j)[0] <= level) {
          end = headingLines.get(j)[1];
          break;
        }
      }
      headings.add(new Heading(anchors.get(i), level, headingLines.get(i)[1], end));
    }
    return new ResultsMarkdown(name, lines, List.copyOf(headings), List.copyOf(tables));
  }

  Optional<Heading> heading(String anchor) {
    return headings.stream().filter(heading -> heading.anchor().equals(anchor)).findFirst();
  }

  /** Whether {@code line} lies in the section {@code anchor} names; the whole file when the anchor is null. */
  boolean holds(String anchor, int line) {
    return anchor == null || heading(anchor).map(heading -> heading.holds(line)).orElse(false);
  }

  /** The anchor of the innermost section holding {@code line}, or the file's name above its first heading. */
  String sectionOf(int line) {
    String anchor = null;
    for (Heading heading : headings) {
      if (heading.holds(line)) {
        anchor = heading.anchor();
      }
    }
    return anchor == null ? name : name + "#" + anchor;
  }

  static List<Link> links(String line) {
    List<Link> links = new ArrayList<>();
    Matcher link = LINK.matcher(line);
    while (link.find()) {
      links.add(new Link(link.group(1), link.group(2), link.group(3), link.start(), link.end()));
    }
    return links;
  }

  /**
   * GitHub's anchor for a heading: lower case, every character but letters, digits, spaces, hyphens and
   * underscores dropped, each space a hyphen ("Why 5 % sits" gives "why-5--sits").
   */
  static String anchor(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  /** A cell's text without emphasis or surrounding spaces. */
  static String plain(String cell) {
    return cell.replace("**", "").strip();
  }

  /** A table line's cells; a pipe escaped as \| or inside backticks stays in its cell. */
  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean code = false;
    String body = line.strip();
    body = body.substring(1, body.endsWith("|") && body.length() > 1 ? body.length() - 1 : body.length());
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '`') {
        code = !code;
      }
      if (c == '\\' && i + 1 < body.length() && body.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '|' && !code) {
        cells.add(cell.toString().strip());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString().strip());
    return cells;
  }
}
