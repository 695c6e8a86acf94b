package org.nightbench.web;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Formats values and dates for people, as {@code @valueFormat} in templates: four significant
 * digits, whole numbers from 1000 up, dates in UTC; the chart's JavaScript does the same.
 */
@Component("valueFormat")
public class ValueFormat {

  private static final MathContext SIGNIFICANT = new MathContext(4);
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter DATE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  /** A value such as {@code 12,345}, {@code 123.5} or {@code 0.001235}. */
  public String format(Double value) {
    if (value == null) {
      return "";
    }
    if (value.isNaN() || value.isInfinite()) {
      return value.toString();
    }
    if (Math.abs(value) >= 1000) {
      return String.format(Locale.ROOT, "%,.0f", value);
    }
    return new BigDecimal(value).round(SIGNIFICANT).stripTrailingZeros().toPlainString();
  }

  /**
   * A noise σ such as {@code 1.3}, {@code 0.012} or {@code 1,200}: two significant digits, as a
   * spread is known no better than that from a few dozen nights; empty for none.
   */
  public String sigma(Double value) {
    if (value == null) {
      return "";
    }
    if (value.isNaN() || value.isInfinite()) {
      return value.toString();
    }
    BigDecimal rounded = new BigDecimal(value).round(new java.math.MathContext(2));
    if (Math.abs(rounded.doubleValue()) >= 1000) {
      return String.format(Locale.ROOT, "%,.0f", rounded.doubleValue());
    }
    return rounded.stripTrailingZeros().toPlainString();
  }

  /** A relative change such as {@code +4.2%} or {@code −0.3%}, or empty for none. */
  public String change(Double relative) {
    if (relative == null || relative.isNaN() || relative.isInfinite()) {
      return "";
    }
    double percent = relative * 100;
    String digits =
        String.format(Locale.ROOT, Math.abs(percent) >= 10 ? "%.0f" : "%.1f", Math.abs(percent));
    // Zero is written one way, 0.0%: a change that rounds to it gets no sign.
    if (Double.parseDouble(digits) == 0) {
      return "0.0%";
    }
    return (percent > 0 ? "+" : "\u2212") + digits + "%";
  }

  /**
   * A p-value such as {@code 0.0123} or {@code 3.2e-7}: two significant digits, small ones in
   * scientific notation (a fixed four decimals would show every strong step as 0.0000).
   */
  public String probability(Double p) {
    if (p == null || p.isNaN()) {
      return "";
    }
    if (p == 0) {
      return "0";
    }
    return p >= 0.001
        ? new BigDecimal(p).round(new MathContext(2)).stripTrailingZeros().toPlainString()
        : String.format(Locale.ROOT, "%.1e", p).replace("e-0", "e-");
  }

  /**
   * A signed figure with {@code decimals} decimals and a real minus sign, such as {@code −7.3} (an
   * effect in σ) or {@code 0.31} (a correlation); empty for none.
   */
  public String signed(Double value, int decimals) {
    if (value == null || value.isNaN() || value.isInfinite()) {
      return "";
    }
    String digits = String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(value));
    return (value < 0 && Double.parseDouble(digits) != 0 ? "\u2212" : "") + digits;
  }

  /** A revision date such as {@code 2025-06-13} (UTC), or empty for none. */
  public String date(Instant instant) {
    return instant == null ? "" : DATE.format(instant);
  }

  /** A moment such as {@code 2026-11-22 04:42:23 UTC}, or empty for none. */
  public String dateTime(Instant instant) {
    return instant == null ? "" : DATE_TIME.format(instant);
  }
}
