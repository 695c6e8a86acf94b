package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.web.authentication.WebAuthenticationDetailsSource;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;

/**
 * Changing one's own password, the one way for the API and the page: the current password is
 * checked as a sign-in (throttled and audited like the form), the new one against {@link
 * PasswordRule}, and every other session of the user ends.
 */
@Component
class PasswordChange {

  private final UserAccounts accounts;
  private final AuthenticationManager signIn;
  private final UserSessions sessions;

  PasswordChange(UserAccounts accounts, AuthenticationManager signIn, UserSessions sessions) {
    this.accounts = accounts;
    this.signIn = signIn;
    this.sessions = sessions;
  }

  /**
   * Replaces {@code username}'s password and ends their other sessions.
   *
   * @throws IllegalArgumentException naming the rule the new password breaks, or a missing current
   *     one
   * @throws ResponseStatusException 403 for a wrong current password, 429 when throttled
   */
  void change(String username, String current, String password, HttpServletRequest http) {
    if (current == null || current.isEmpty()) {
      throw new IllegalArgumentException("currentPassword is missing: send the password in use");
    }
    UsernamePasswordAuthenticationToken attempt =
        UsernamePasswordAuthenticationToken.unauthenticated(username, current);
    attempt.setDetails(new WebAuthenticationDetailsSource().buildDetails(http));
    try {
      signIn.authenticate(attempt);
    } catch (ThrottledAuthentication.Throttled e) {
      throw new ResponseStatusException(HttpStatus.TOO_MANY_REQUESTS, e.getMessage());
    } catch (BadCredentialsException e) {
      throw new ResponseStatusException(HttpStatus.FORBIDDEN, "the current password is wrong");
    }
    accounts.changePassword(username, password);
    // Whoever borrowed a session is signed out with the old password.
    sessions.endOthers(username, http.getSession(false));
  }
}
