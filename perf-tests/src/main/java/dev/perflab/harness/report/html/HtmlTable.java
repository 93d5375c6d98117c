package dev.perflab.harness.report.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A table of plain text (escaped when rendered), a cell optionally a link. A column whose cells
 * all read as numbers ("2000 (1900–2200)", "≥ 12000", "4.5 %", or "–" for none) is right-aligned,
 * so that digits line up.
 */
public final class HtmlTable {

  /** One cell: text, and an {@code href} (relative to the page) or null. */
  public record Cell(String text, String href) {

    public Cell {
      if (text == null) {
        throw new IllegalArgumentException("a table cell needs text (\"\" or \"–\" for none)");
      }
    }

    public static Cell text(String text) {
      return new Cell(text, null);
    }

    public static Cell link(String text, String href) {
      return new Cell(text, href);
    }
  }

  private static final Pattern NUMERIC = Pattern.compile("^(?:[≥≤<>~]\\s?)?[-−+]?\\d.*|^[–-]$");

  private final List<String> headers;
  private final List<List<Cell>> rows = new ArrayList<>();

  /** Blank headers all round make a table without a header row (a list of name and value). */
  public HtmlTable(String... headers) {
    if (headers.length == 0) {
      throw new IllegalArgumentException("a table needs at least one column");
    }
    this.headers = List.of(headers);
  }

  public HtmlTable row(String... texts) {
    return row(Arrays.stream(texts).map(Cell::text).toList());
  }

  public HtmlTable row(List<Cell> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException("a row of " + cells.size() + " cells in a table of " + headers.size()
          + " columns " + headers);
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  String html() {
    boolean[] numeric = new boolean[headers.size()];
    for (int column = 0; column < numeric.length; column++) {
      int c = column;
      numeric[column] = rows.stream().allMatch(row -> NUMERIC.matcher(row.get(c).text()).matches());
    }
    StringBuilder html = new StringBuilder("<table>\n");
    if (headers.stream().anyMatch(header -> !header.isBlank())) {
      html.append("<thead><tr>");
      headers.forEach(header -> html.append("<th>").append(HtmlPage.escape(header)).append("</th>"));
      html.append("</tr></thead>\n");
    }
    html.append("<tbody>\n");
    for (List<Cell> row : rows) {
      html.append("<tr>");
      for (int column = 0; column < row.size(); column++) {
        Cell cell = row.get(column);
        String text = cell.text();
        html.append(numeric[column] ? "<td class=\"num\">" : "<td>");
        if (cell.href() == null) {
          html.append(HtmlPage.escape(text));
        } else {
          html.append("<a href=\"").append(HtmlPage.escape(cell.href())).append("\">").append(HtmlPage.escape(text))
              .append("</a>");
        }
        html.append("</td>");
      }
      html.append("</tr>\n");
    }
    return html.append("</tbody>\n</table>\n").toString();
  }
}
