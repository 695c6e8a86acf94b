package org.nightbench.users;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Users for admins, and one's own password for everyone signed in. */
@RestController
@RequestMapping(path = "/api/users", produces = "application/json")
@Tag(name = "Users", description = "Who may change what (admins only, but for one's password)")
class UserApiController {

  record NewUser(String username, String password, String role) {}

  record NewPassword(String password) {}

  private final UserAccounts accounts;

  UserApiController(UserAccounts accounts) {
    this.accounts = accounts;
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
  @Operation(summary = "Change one's own password")
  void changePassword(@RequestBody NewPassword request, Principal me) {
    accounts.changePassword(me.getName(), request.password());
  }
}
