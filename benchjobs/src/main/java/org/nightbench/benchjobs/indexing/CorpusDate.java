package org.nightbench.benchjobs.indexing;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The date of a line-docs entry, read from the two shapes corpora use: luceneutil's {@code
 * 03-OCT-2007 20:08:53.000} and ISO {@code 2004-03-30} (optionally with a time). Times are taken as
 * UTC, so the derived fields do not depend on the machine's zone.
 *
 * @param epochMillis milliseconds since 1970-01-01T00:00Z
 * @param secondOfDay 0..86399; 0 when the corpus gives no time
 * @param month 1..12
 * @param dayOfYear 1..366
 */
public record CorpusDate(long epochMillis, int secondOfDay, int month, int dayOfYear) {

  private static final Pattern LUCENEUTIL =
      Pattern.compile(
          "(\\d{1,2})-([A-Za-z]{3})-(\\d{4})(?:\\s+(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?)?");
  private static final Pattern ISO =
      Pattern.compile(
          "(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?Z?)?");
  private static final String MONTHS = "janfebmaraprmayjunjulaugsepoctnovdec";

  /** English month names, the values of the month facet and sort fields. */
  public static final String[] MONTH_NAMES = {
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December"
  };

  /** The year, in UTC as every derived field. */
  public int year() {
    return utcDate().getYear();
  }

  /** 1..31. */
  public int dayOfMonth() {
    return utcDate().getDayOfMonth();
  }

  private LocalDate utcDate() {
    return java.time.Instant.ofEpochMilli(epochMillis).atZone(ZoneOffset.UTC).toLocalDate();
  }

  /** The month's English name. */
  public String monthName() {
    return MONTH_NAMES[month - 1];
  }

  /** Parses {@code text}; null when it has neither shape or names no real day. */
  public static CorpusDate parse(String text) {
    String s = text.strip();
    Matcher m = LUCENEUTIL.matcher(s);
    if (m.matches()) {
      int month = MONTHS.indexOf(m.group(2).toLowerCase(Locale.ROOT));
      if (month < 0 || month % 3 != 0) {
        return null;
      }
      return of(intOf(m.group(3)), month / 3 + 1, intOf(m.group(1)), m, 4);
    }
    m = ISO.matcher(s);
    if (m.matches()) {
      return of(intOf(m.group(1)), intOf(m.group(2)), intOf(m.group(3)), m, 4);
    }
    return null;
  }

  private static CorpusDate of(int year, int month, int day, Matcher m, int timeGroup) {
    LocalDate date;
    try {
      date = LocalDate.of(year, month, day);
    } catch (DateTimeException e) {
      return null;
    }
    int h = intOf(m.group(timeGroup));
    int min = intOf(m.group(timeGroup + 1));
    int sec = intOf(m.group(timeGroup + 2));
    if (h > 23 || min > 59 || sec > 59) {
      return null;
    }
    int secondOfDay = h * 3600 + min * 60 + sec;
    long millis =
        (date.toEpochSecond(java.time.LocalTime.MIDNIGHT, ZoneOffset.UTC) + secondOfDay) * 1000;
    return new CorpusDate(millis, secondOfDay, month, date.getDayOfYear());
  }

  private static int intOf(String digits) {
    return digits == null ? 0 : Integer.parseInt(digits);
  }
}
