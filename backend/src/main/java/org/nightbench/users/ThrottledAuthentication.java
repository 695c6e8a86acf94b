package org.nightbench.users;

import java.util.function.Supplier;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Username and password sign-in (the form and HTTP Basic alike) behind a {@link SignInThrottle}: a
 * throttled attempt is refused before its password is even hashed, and every failure is counted and
 * audited.
 */
final class ThrottledAuthentication implements AuthenticationProvider {

  /** Refused for too many recent failures; its message is what the sign-in page shows. */
  static final class Throttled extends LockedException {
    Throttled(String message) {
      super(message);
    }
  }

  private final AuthenticationProvider passwords;
  private final SignInThrottle throttle;
  private final Supplier<SignInAudit> audit;

  ThrottledAuthentication(
      AuthenticationProvider passwords, SignInThrottle throttle, Supplier<SignInAudit> audit) {
    this.passwords = passwords;
    this.throttle = throttle;
    this.audit = audit;
  }

  @Override
  public Authentication authenticate(Authentication authentication) {
    String username = authentication.getName();
    String address = address(authentication);
    if (throttle.blocked(username, address)) {
      audit.get().throttled(username, address, "refused unchecked");
      throw new Throttled(message(throttle));
    }
    try {
      Authentication result = passwords.authenticate(authentication);
      throttle.succeeded(username, address);
      return result;
    } catch (BadCredentialsException e) {
      throttle.failed(username, address);
      audit.get().failure(username, address, "bad credentials");
      throw e;
    } catch (AuthenticationException e) {
      audit.get().failure(username, address, e.getClass().getSimpleName());
      throw e;
    }
  }

  /** What a throttled attempt is told. */
  static String message(SignInThrottle throttle) {
    return "Too many failed sign-ins: try again in "
        + throttle.limits().window().toMinutes()
        + " minutes";
  }

  @Override
  public boolean supports(Class<?> authentication) {
    return passwords.supports(authentication);
  }

  /** Where the attempt came from, as the form and Basic filters record it. */
  static String address(Authentication authentication) {
    return authentication.getDetails() instanceof WebAuthenticationDetails details
            && details.getRemoteAddress() != null
        ? details.getRemoteAddress()
        : "unknown";
  }
}
