package org.nightbench.users;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.web.authentication.WebAuthenticationDetailsSource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Users for admins, and one's own password for everyone signed in. */
@RestController
@RequestMapping(path = "/api/users", produces = "application/json")
@Tag(name = "Users", description = "Who may change what (admins only, but for one's password)")
class UserApiController {

  record NewUser(String username, String password, String role) {}

  /** The current password too: a borrowed session alone must not be enough to take the account. */
  record NewPassword(String currentPassword, String password) {}

  private final UserAccounts accounts;
  private final AuthenticationManager signIn;
  private final UserSessions sessions;

  UserApiController(UserAccounts accounts, AuthenticationManager signIn, UserSessions sessions) {
    this.accounts = accounts;
    this.signIn = signIn;
    this.sessions = sessions;
  }

  @GetMapping
  @Operation(summary = "Every user with their role")
  List<UserAccounts.Account> all() {
    return accounts.all();
  }

  @PostMapping
  @ResponseStatus(HttpStatus.CREATED)
  @Operation(summary = "Add a user: {\"username\", \"password\" (12+ characters), \"role\"}")
  UserAccounts.Account create(@RequestBody NewUser user, Principal admin) {
    return accounts.create(
        user.username(), user.password(), Role.parse(user.role()), admin.getName());
  }

  @PostMapping("/me/password")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  @Operation(
      summary =
          "Change one's own password: {\"currentPassword\", \"password\" (12+ characters, 5+"
              + " different, not a common one)}; ends the user's other sessions")
  void changePassword(@RequestBody NewPassword request, Principal me, HttpServletRequest http) {
    if (request.currentPassword() == null || request.currentPassword().isEmpty()) {
      throw new IllegalArgumentException("currentPassword is missing: send the password in use");
    }
    // Checked as a sign-in, so guessing it here is throttled and audited like the sign-in form.
    UsernamePasswordAuthenticationToken attempt =
        UsernamePasswordAuthenticationToken.unauthenticated(
            me.getName(), request.currentPassword());
    attempt.setDetails(new WebAuthenticationDetailsSource().buildDetails(http));
    try {
      signIn.authenticate(attempt);
    } catch (ThrottledAuthentication.Throttled e) {
      throw new ResponseStatusException(HttpStatus.TOO_MANY_REQUESTS, e.getMessage());
    } catch (BadCredentialsException e) {
      throw new ResponseStatusException(HttpStatus.FORBIDDEN, "the current password is wrong");
    }
    accounts.changePassword(me.getName(), request.password());
    // Every other session of the user ends: whoever borrowed one is signed out with the old
    // password.
    sessions.endOthers(me.getName(), http.getSession(false));
  }
}
