package org.nightbench.users;

import java.security.SecureRandom;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Makes sure someone can sign in on a fresh database: the admin named by {@code
 * nightbench.security.admin-username}, with {@code nightbench.security.admin-password} when set,
 * else a random password printed once to the log. Nothing happens once any admin exists.
 */
@Component
class FirstAdmin implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(FirstAdmin.class);

  private final UserAccounts accounts;
  private final String username;
  private final String password;

  FirstAdmin(
      UserAccounts accounts,
      @Value("${nightbench.security.admin-username:admin}") String username,
      @Value("${nightbench.security.admin-password:}") String password) {
    this.accounts = accounts;
    this.username = username;
    this.password = password;
  }

  @Override
  public void run(ApplicationArguments args) {
    if (accounts.anyAdmin()) {
      return;
    }
    if (!password.isEmpty()) {
      accounts.create(username, password, Role.ADMIN, "configuration");
      log.info("Created admin '{}' from nightbench.security.admin-password", username);
      return;
    }
    byte[] random = new byte[18];
    new SecureRandom().nextBytes(random);
    String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    accounts.create(username, generated, Role.ADMIN, "first start");
    // Printed once, never stored in clear: change it at /account/password (or through the API).
    log.warn(
        "Created admin '{}' with the one-time password {}  (change it after signing in, at"
            + " /account/password)",
        username,
        generated);
  }
}
