package dev.perflab.gatling;

import java.util.Map;

/** Failed requests by {@link KoCause}, as sessions.json writes them. */
public record KoCounts(long status4xx, long status5xx, long statusOther, long timeout, long noAnswer,
    long invalidBody) {

  public static final KoCounts NONE = new KoCounts(0, 0, 0, 0, 0, 0);

  public KoCounts {
    if (status4xx < 0 || status5xx < 0 || statusOther < 0 || timeout < 0 || noAnswer < 0 || invalidBody < 0) {
      throw new IllegalArgumentException("a count of failed requests cannot be negative: " + this);
    }
  }

  /** Causes absent from {@code byCause} count 0. */
  static KoCounts of(Map<KoCause, Long> byCause) {
    return new KoCounts(byCause.getOrDefault(KoCause.STATUS_4XX, 0L), byCause.getOrDefault(KoCause.STATUS_5XX, 0L),
        byCause.getOrDefault(KoCause.STATUS_OTHER, 0L), byCause.getOrDefault(KoCause.TIMEOUT, 0L),
        byCause.getOrDefault(KoCause.NO_ANSWER, 0L), byCause.getOrDefault(KoCause.INVALID_BODY, 0L));
  }

  public long total() {
    return status4xx + status5xx + statusOther + timeout + noAnswer + invalidBody;
  }

  public KoCounts plus(KoCounts other) {
    return new KoCounts(status4xx + other.status4xx, status5xx + other.status5xx, statusOther + other.statusOther,
        timeout + other.timeout, noAnswer + other.noAnswer, invalidBody + other.invalidBody);
  }
}
