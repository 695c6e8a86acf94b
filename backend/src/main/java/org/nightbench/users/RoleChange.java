package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

/**
 * An admin changing a user's role: stored by {@link UserAccounts}, then the user's sessions end, so
 * a demoted user does not keep the old role until they sign out (the admin's own session stays when
 * they change their own role).
 */
@Component
class RoleChange {

  private final UserAccounts accounts;
  private final UserSessions sessions;

  RoleChange(UserAccounts accounts, UserSessions sessions) {
    this.accounts = accounts;
    this.sessions = sessions;
  }

  UserAccounts.Account change(
      String username, Role role, String admin, HttpServletRequest request) {
    UserAccounts.Account changed = accounts.changeRole(username, role);
    sessions.endOthers(username, username.equals(admin) ? request.getSession(false) : null);
    return changed;
  }
}
