package org.nightbench.series;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLEncoder;
import java.util.Locale;

/**
 * What the overview's form asks for ({@code /?group=&machine=&q=&sort=}), checked: an unknown group
 * or sort, or an overlong text, is a one-line 400, never an empty page that looks like no data.
 *
 * @param group the one group to show in full, or null for every group, each cut to a few rows
 * @param machine only series of this machine, or blank for all
 * @param text only series whose task (or luceneutil's name of it), metric or identity contain it
 *     (ignoring case), or blank; a series the overview does not list by default ({@link
 *     MetricVocabulary#listedByDefault}) only when its metric contains it
 * @param sort the rows' order within a group
 */
public record OverviewFilter(TaskGroup group, String machine, String text, Sort sort) {

  /** The longest text or machine name the form accepts. */
  static final int MAX_LENGTH = 200;

  /** How rows are ordered within a group. */
  public enum Sort {
    /** By task, metric and identity: the series list's own order. */
    NAME,
    /** Biggest change against the previous point first, either way. */
    PREVIOUS,
    /** Biggest change against 30 days ago first, either way. */
    MONTH
  }

  /** Every series, by name. */
  public static final OverviewFilter ALL = new OverviewFilter(null, "", "", Sort.NAME);

  /** Reads the form's parameters (null or blank for "any"), or throws naming the bad one. */
  public static OverviewFilter parse(String group, String machine, String text, String sort) {
    TaskGroup chosen = null;
    if (group != null && !group.isBlank()) {
      chosen =
          TaskGroup.byKey(group.strip())
              .orElseThrow(
                  () -> new IllegalArgumentException("unknown group '" + cut(group) + "'"));
    }
    return new OverviewFilter(
        chosen, checked("machine", machine), checked("q", text), sortOf(sort));
  }

  private static Sort sortOf(String sort) {
    if (sort == null || sort.isBlank()) {
      return Sort.NAME;
    }
    return switch (sort.strip().toLowerCase(Locale.ROOT)) {
      case "name" -> Sort.NAME;
      case "previous" -> Sort.PREVIOUS;
      case "month" -> Sort.MONTH;
      default ->
          throw new IllegalArgumentException(
              "unknown sort '" + cut(sort) + "': expected name, previous or month");
    };
  }

  private static String checked(String name, String value) {
    if (value == null) {
      return "";
    }
    if (value.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          name + " must be at most " + MAX_LENGTH + " characters, not " + value.length());
    }
    return value.strip();
  }

  private static String cut(String value) {
    return value.length() <= 40 ? value : value.substring(0, 40) + "…";
  }

  /** Whether {@code summary} passes the machine and text filters (the group is the caller's). */
  boolean matches(SeriesSummary summary) {
    Series s = summary.series();
    if (!machine.isEmpty() && !machine.equals(s.machine())) {
      return false;
    }
    String needle = text.toLowerCase(Locale.ROOT);
    // A figure the overview does not list by default (qpsLuceneutil) shows when the text names it.
    if (!MetricVocabulary.listedByDefault(s.benchmark(), s.metric())) {
      return !needle.isEmpty() && s.metric().toLowerCase(Locale.ROOT).contains(needle);
    }
    if (text.isEmpty()) {
      return true;
    }
    // luceneutil's names of the task too (TermDTSortSkipper finds TermDateTimeSortSkipper).
    return String.join(
            " ",
            s.benchmark(),
            s.task(),
            s.metric(),
            s.machine(),
            s.jdk(),
            s.corpus(),
            s.profile(),
            TaskVocabulary.searchableAliases(s.task()))
        .toLowerCase(Locale.ROOT)
        .contains(needle);
  }

  /**
   * Whether {@code summary} passes the machine filter but is left off as a figure the overview
   * lists only when the text names it: the page counts those, so its totals add up.
   */
  boolean leavesOffUnasked(SeriesSummary summary) {
    Series s = summary.series();
    return (machine.isEmpty() || machine.equals(s.machine()))
        && !MetricVocabulary.listedByDefault(s.benchmark(), s.metric())
        && !matches(summary);
  }

  /** The query string of this filter narrowed to {@code only}, e.g. {@code group=boolean&q=x}. */
  public String queryFor(TaskGroup only) {
    StringBuilder query = new StringBuilder("group=").append(only.key());
    append(query, "machine", machine);
    append(query, "q", text);
    append(query, "sort", sortParameter());
    return query.toString();
  }

  private static void append(StringBuilder query, String name, String value) {
    if (!value.isEmpty()) {
      query.append('&').append(name).append('=').append(URLEncoder.encode(value, UTF_8));
    }
  }

  /** The sort's value in the form, blank for the default. */
  public String sortParameter() {
    return sort == Sort.NAME ? "" : sort.name().toLowerCase(Locale.ROOT);
  }

  /** The group's key in the form, blank for all. */
  public String groupParameter() {
    return group == null ? "" : group.key();
  }
}
