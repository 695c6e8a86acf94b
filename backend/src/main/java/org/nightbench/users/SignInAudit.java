package org.nightbench.users;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Records failed and throttled sign-ins: one line each on the {@code nightbench.audit} logger (for
 * a log shipper or fail2ban) and a row in {@code sign_in_audit}.
 */
@Component
class SignInAudit {

  /** A logger of its own, so the audit trail can be routed and kept apart from the app's log. */
  static final Logger AUDIT = LoggerFactory.getLogger("nightbench.audit");

  private final JdbcClient jdbc;

  SignInAudit(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  void failure(String username, String address, String detail) {
    record("failure", username, address, detail);
  }

  void throttled(String username, String address, String detail) {
    record("throttled", username, address, detail);
  }

  private void record(String outcome, String username, String address, String detail) {
    String user = printable(username);
    String from = printable(address);
    AUDIT.warn("sign-in {} user='{}' address={} {}", outcome, user, from, detail);
    jdbc.sql("insert into sign_in_audit (outcome, username, address, detail) values (?, ?, ?, ?)")
        .params(outcome, user, from, detail)
        .update();
  }

  /** What an attacker typed, made safe for one log line and a text column: short, no controls. */
  static String printable(String text) {
    if (text == null) {
      return "";
    }
    String cut = text.length() > 100 ? text.substring(0, 100) + "…" : text;
    return cut.replaceAll("\\p{Cntrl}", "?");
  }
}
