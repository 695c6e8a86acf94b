package org.nightbench.users;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.springframework.security.web.WebAttributes;
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

  @GetMapping("/login")
  String login(HttpServletRequest request, HttpSession session, Model model) {
    // "?error" has no value: only whether it is there counts.
    if (request.getParameterMap().containsKey("error")) {
      Object failure = session.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION);
      model.addAttribute(
          "error",
          failure instanceof ThrottledAuthentication.Throttled throttled
              ? throttled.getMessage()
              : "Wrong username or password.");
    }
    return VIEW;
  }
}
