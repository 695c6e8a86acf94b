package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The sign-in page, in the site's layout; after a failure it says why: wrong credentials, or too
 * many failures (which Spring Security's own page would also call "Invalid credentials").
 */
@Controller
class SignInPageController {

  static final String VIEW = "users/login";

  /** What a failed sign-in is sent back to: {@code ?error}, or {@code ?error=throttled}. */
  static final String FAILED = "/login?error", THROTTLED = "/login?error=throttled";

  private final SignInThrottle throttle;

  SignInPageController(SignInThrottle throttle) {
    this.throttle = throttle;
  }

  // No HttpSession parameter: reading this page must not start a session (the failure's kind comes
  // in the address, not in a session attribute).
  @GetMapping("/login")
  String login(HttpServletRequest request, Model model) {
    String error = request.getParameter("error");
    if (error != null) {
      model.addAttribute(
          "error",
          "throttled".equals(error)
              ? ThrottledAuthentication.message(throttle)
              : "Wrong username or password.");
    }
    return VIEW;
  }
}
