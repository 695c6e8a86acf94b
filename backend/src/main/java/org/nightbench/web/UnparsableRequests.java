package org.nightbench.web;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.springframework.stereotype.Component;

/**
 * A request Tomcat cannot parse (a header over the 8 KB limit, a method that is no token, a broken
 * request line) is answered 400 by Tomcat itself, before any filter of ours sees it, and Tomcat
 * logs it at INFO with a full stack trace (once per connection processor, then at DEBUG for a day):
 * a stranger's one curl with a 20 KB header would put some fifty lines of trace into the log. This
 * turns that record into one WARN line naming what Tomcat refused, without the trace.
 */
@Component
class UnparsableRequests {

  /** The logger Tomcat's HTTP/1.1 processor writes its header parse failures to. */
  static final String TOMCAT_LOGGER = "org.apache.coyote.http11.Http11Processor";

  private static final org.slf4j.Logger log = LoggerFactory.getLogger(UnparsableRequests.class);

  /** Installed when the context starts, before Tomcat takes requests. */
  UnparsableRequests() {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context
        && context.getTurboFilterList().stream().noneMatch(OneLine.class::isInstance)) {
      context.addTurboFilter(new OneLine());
    }
  }

  /** Tomcat's parse failure with its trace becomes one WARN line of this class. */
  static final class OneLine extends TurboFilter {

    @Override
    public FilterReply decide(
        Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
      if (t == null
          || format == null
          || level == null
          || !level.isGreaterOrEqual(Level.INFO)
          || !TOMCAT_LOGGER.equals(logger.getName())) {
        return FilterReply.NEUTRAL;
      }
      log.warn("refused a request Tomcat could not parse (400): {}", oneLine(t.getMessage()));
      return FilterReply.DENY;
    }

    /** The first line of Tomcat's message, without control characters, at most 200 characters. */
    static String oneLine(String message) {
      if (message == null) {
        return "(no message)";
      }
      String line = message.lines().findFirst().orElse("").replaceAll("\\p{Cntrl}", "?");
      return line.length() <= 200 ? line : line.substring(0, 200) + "…";
    }
  }
}
