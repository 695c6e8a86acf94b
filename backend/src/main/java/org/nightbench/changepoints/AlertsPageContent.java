package org.nightbench.changepoints;

/**
 * A port: something a higher package adds to {@code /alerts} (through its template), whose version
 * the page's cache must know, so that a change of it shows at once.
 */
public interface AlertsPageContent {

  /** A cheap version of what this content shows on the page; any change of it changes this. */
  String version();
}
