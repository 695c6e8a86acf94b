package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.Arrays;
import org.nightbench.web.Paging;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The users page for admins (list, add, change a role) and the change-password page for everyone
 * signed in: forms over the same services as {@code /api/users}, each refusal one line on the page.
 */
@Controller
class UserPagesController {

  static final String LIST_VIEW = "users/list";
  static final String PASSWORD_VIEW = "users/password";

  private final UserAccounts accounts;
  private final PasswordChange passwords;
  private final RoleChange roles;

  UserPagesController(UserAccounts accounts, PasswordChange passwords, RoleChange roles) {
    this.accounts = accounts;
    this.passwords = passwords;
    this.roles = roles;
  }

  /** Users a page, by name. */
  static final int PAGE_SIZE = 100;

  @GetMapping("/users")
  String list(
      @RequestParam(required = false) Integer page, HttpServletRequest request, Model model) {
    Paging paging = Paging.of(page, PAGE_SIZE);
    model.addAttribute(
        "users", paging.shown(accounts.page(paging.limit(), paging.offset()), request, model));
    model.addAttribute("roles", Arrays.stream(Role.values()).map(Role::stored).toList());
    return LIST_VIEW;
  }

  @PostMapping("/users")
  String create(
      @RequestParam String username,
      @RequestParam String password,
      @RequestParam String role,
      Principal admin,
      RedirectAttributes flash) {
    try {
      accounts.create(username, password, Role.parse(role), admin.getName());
      flash.addFlashAttribute("notice", "Added " + username + " (" + role + ").");
    } catch (IllegalArgumentException e) {
      flash.addFlashAttribute("error", e.getMessage());
      flash.addFlashAttribute("newUsername", username);
    }
    return "redirect:/users";
  }

  @PostMapping("/users/{username}/role")
  String changeRole(
      @PathVariable String username,
      @RequestParam String role,
      Principal admin,
      HttpServletRequest request,
      RedirectAttributes flash) {
    try {
      roles.change(username, Role.parse(role), admin.getName(), request);
      flash.addFlashAttribute("notice", username + " is " + role + " now.");
    } catch (IllegalArgumentException e) {
      flash.addFlashAttribute("error", e.getMessage());
    } catch (ErrorResponseException e) {
      flash.addFlashAttribute("error", e.getBody().getDetail());
    }
    return "redirect:/users";
  }

  @GetMapping("/account/password")
  String passwordForm() {
    return PASSWORD_VIEW;
  }

  @PostMapping("/account/password")
  String changePassword(
      @RequestParam(defaultValue = "") String currentPassword,
      @RequestParam(defaultValue = "") String password,
      @RequestParam(defaultValue = "") String confirmPassword,
      Principal me,
      HttpServletRequest request,
      Model model,
      RedirectAttributes flash) {
    try {
      if (!password.equals(confirmPassword)) {
        throw new IllegalArgumentException("the new password and its repetition differ");
      }
      passwords.change(me.getName(), currentPassword, password, request);
    } catch (IllegalArgumentException e) {
      model.addAttribute("error", e.getMessage());
      return PASSWORD_VIEW;
    } catch (ErrorResponseException e) {
      model.addAttribute("error", e.getBody().getDetail());
      return PASSWORD_VIEW;
    }
    flash.addFlashAttribute("notice", "Password changed; your other sessions are signed out.");
    return "redirect:/account/password";
  }
}
