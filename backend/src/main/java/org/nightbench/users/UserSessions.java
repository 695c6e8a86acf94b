package org.nightbench.users;

import jakarta.servlet.http.HttpSession;
import org.springframework.security.core.session.SessionInformation;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.stereotype.Component;

/**
 * The signed-in sessions of each user (form sign-ins; HTTP Basic keeps none), so that a password
 * change can end every session but the one that made it: a session someone borrowed or stole does
 * not outlive its owner's new password. Kept in this process's memory, as the sessions themselves.
 */
@Component
class UserSessions {

  private final SessionRegistry registry;

  UserSessions(SessionRegistry registry) {
    this.registry = registry;
  }

  /**
   * Ends every session of {@code username} except {@code keep} (null: ends them all); the next
   * request of an ended session is signed out. Returns how many were ended.
   */
  int endOthers(String username, HttpSession keep) {
    int ended = 0;
    for (Object principal : registry.getAllPrincipals()) {
      String name =
          principal instanceof UserDetails user ? user.getUsername() : String.valueOf(principal);
      if (!name.equals(username)) {
        continue;
      }
      for (SessionInformation session : registry.getAllSessions(principal, false)) {
        if (keep == null || !session.getSessionId().equals(keep.getId())) {
          session.expireNow();
          ended++;
        }
      }
    }
    return ended;
  }
}
