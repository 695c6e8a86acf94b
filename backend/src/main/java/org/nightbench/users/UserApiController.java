package org.nightbench.users;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Users and their roles for admins, and one's own password for everyone signed in. */
@RestController
@RequestMapping(path = "/api/users", produces = "application/json")
@Tag(name = "Users", description = "Who may change what (admins only, but for one's password)")
class UserApiController {

  record NewUser(String username, String password, String role) {}

  /** The current password too: a borrowed session alone must not be enough to take the account. */
  record NewPassword(String currentPassword, String password) {}

  record NewRole(String role) {}

  private final UserAccounts accounts;
  private final PasswordChange passwords;
  private final RoleChange roles;

  UserApiController(UserAccounts accounts, PasswordChange passwords, RoleChange roles) {
    this.accounts = accounts;
    this.passwords = passwords;
    this.roles = roles;
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
    passwords.change(me.getName(), request.currentPassword(), request.password(), http);
  }

  @PutMapping("/{username}/role")
  @Operation(
      summary =
          "Change a user's role: {\"role\": \"viewer\" | \"editor\" | \"admin\"}; the last admin"
              + " stays an admin; the user's sessions end, so the new role applies at once")
  UserAccounts.Account changeRole(
      @PathVariable String username,
      @RequestBody NewRole request,
      Principal admin,
      HttpServletRequest http) {
    return roles.change(username, Role.parse(request.role()), admin.getName(), http);
  }
}
