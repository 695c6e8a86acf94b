package org.nightbench.series;

import java.util.List;

/**
 * The overview page's content: the groups with the rows it shows (all of the chosen group, else the
 * first {@link #ROWS_PER_GROUP} of each, so the page stays small however many series there are),
 * and how many matched.
 *
 * @param groups the groups with at least one matching series, in the nightly pages' order
 * @param available every group holding a series, for the filter
 * @param machines every machine with a series, for the filter
 * @param total every series
 * @param matching the series that pass the filter
 * @param shown the rows on the page
 * @param version the version of the data the rows were read from, which names a rendering of them
 * @param unlisted series of the chosen groups and machine the overview lists only when the text
 *     names their metric ({@code qpsLuceneutil}), left off by this filter
 */
public record Overview(
    OverviewFilter filter,
    List<Group> groups,
    List<TaskGroup> available,
    List<String> machines,
    int total,
    int matching,
    int shown,
    String version,
    int unlisted) {

  /** Rows per group when no group is chosen: the page draws at most this many per heading. */
  public static final int ROWS_PER_GROUP = 12;

  /** One group's rows on the page and how many more the group holds. */
  public record Group(TaskGroup group, List<SeriesSummary> rows, int matching) {

    /** The rows left off, reached through the group's own page. */
    public int hidden() {
      return matching - rows.size();
    }
  }
}
