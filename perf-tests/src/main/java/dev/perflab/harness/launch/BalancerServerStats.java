package dev.perflab.harness.launch;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of the balancer's stats ({@code /stats;csv}): a replica of a service as a server of its backend, or the
 * backend as a whole (server {@value #BACKEND}). Counters are since the balancer started; a field HAProxy leaves
 * empty for the row (a backend has no check) reads as 0, its check status as "".
 *
 * @param proxy the backend, {@code be_<service>}
 * @param server the replica ({@code store-2}), or {@value #BACKEND}
 * @param status UP, DOWN, MAINT, "MAINT (resolution)", "UP 1/2" (going down), "DOWN 1/2" (going up), "no check"
 * @param checkStatus the last health check's result: L7OK, L4CON (refused), L4TOUT, L7STS (bad status), ... (without
 *     the "* " HAProxy puts before it while the next check runs)
 * @param retries connection attempts tried again (wretr)
 * @param redispatches requests sent to another replica after their own failed (wredis)
 * @param connectionErrors connections to a replica that failed (econ)
 * @param responseErrors answers that failed: aborted, or closed while read (eresp)
 * @param responseTimeMillis average time to a response's headers over the last 1024 requests (rtime)
 * @param totalTimeMillis average time of a whole request over the last 1024 (ttime)
 * @param checksDown transitions from UP to DOWN (chkdown)
 * @param lastChangeSeconds since the last change of status (lastchg)
 * @param downtimeSeconds DOWN in all (downtime)
 */
public record BalancerServerStats(String proxy, String server, String status, String checkStatus,
    long sessionsCurrent, long sessionsMax, long sessionsTotal, long queueCurrent, long queueMax, long retries,
    long redispatches, long connectionErrors, long responseErrors, long responses4xx, long responses5xx,
    long responseTimeMillis, long totalTimeMillis, long checksDown, long lastChangeSeconds, long downtimeSeconds) {

  /** The server name of a backend's own row, its totals. */
  public static final String BACKEND = "BACKEND";
  /** HAProxy's {@code type} column: 1 a backend's own row, 2 a server's; 0 and 3 are frontends and listeners. */
  private static final String TYPE_BACKEND = "1";
  private static final String TYPE_SERVER = "2";
  private static final CsvMapper CSV = new CsvMapper();

  public boolean down() {
    return status.startsWith("DOWN");
  }

  /**
   * The rows of backends and their servers in {@code csv} (the stats page's own proxy left out), in its order. Columns
   * are found by the header's names, which HAProxy versions add to.
   */
  public static List<BalancerServerStats> parse(String csv) {
    List<String[]> rows = rows(csv);
    if (rows.isEmpty() || !rows.getFirst()[0].startsWith("# ")) {
      throw new IllegalArgumentException("not HAProxy's stats CSV (no '# pxname,...' header): "
          + csv.substring(0, Math.min(200, csv.length())));
    }
    Columns columns = new Columns(rows.getFirst());
    List<BalancerServerStats> stats = new ArrayList<>();
    for (String[] row : rows.subList(1, rows.size())) {
      String type = columns.text(row, "type");
      if (columns.text(row, "pxname").equals(HaproxyConfig.STATS_PROXY)
          || !(type.equals(TYPE_BACKEND) || type.equals(TYPE_SERVER))) {
        continue;
      }
      stats.add(new BalancerServerStats(columns.text(row, "pxname"), columns.text(row, "svname"),
          columns.text(row, "status"), columns.text(row, "check_status").replaceFirst("^\\* ", ""),
          columns.number(row, "scur"),
          columns.number(row, "smax"), columns.number(row, "stot"), columns.number(row, "qcur"),
          columns.number(row, "qmax"), columns.number(row, "wretr"), columns.number(row, "wredis"),
          columns.number(row, "econ"), columns.number(row, "eresp"), columns.number(row, "hrsp_4xx"),
          columns.number(row, "hrsp_5xx"), columns.number(row, "rtime"), columns.number(row, "ttime"),
          columns.number(row, "chkdown"), columns.number(row, "lastchg"), columns.number(row, "downtime")));
    }
    return List.copyOf(stats);
  }

  private static List<String[]> rows(String csv) {
    try (MappingIterator<String[]> rows = CSV.readerFor(String[].class).with(CsvParser.Feature.WRAP_AS_ARRAY)
        .readValues(csv)) {
      return rows.readAll().stream().filter(row -> row.length > 1).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("HAProxy's stats CSV does not parse", e);
    }
  }

  /** The header's column names and where each is. */
  private static final class Columns {

    private final Map<String, Integer> index = new HashMap<>();

    Columns(String[] header) {
      for (int i = 0; i < header.length; i++) {
        index.putIfAbsent(i == 0 ? header[i].substring(1).strip() : header[i].strip(), i);
      }
    }

    String text(String[] row, String column) {
      Integer at = index.get(column);
      if (at == null) {
        throw new IllegalArgumentException("HAProxy's stats CSV has no column '" + column + "'; it has "
            + index.keySet());
      }
      return at < row.length ? row[at] : "";
    }

    long number(String[] row, String column) {
      String text = text(row, column);
      return text.isEmpty() ? 0 : Long.parseLong(text);
    }
  }
}
