package org.nightbench.users;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a new password must be: at least {@link #MIN_LENGTH} characters, not blank, of at least
 * {@link #MIN_DISTINCT} different characters (twelve spaces or "abababababab" are not secrets), not
 * the user's own name and not on the list of commonly used passwords ({@code common-passwords.txt}
 * beside this class). Refusals are one line saying which rule failed.
 */
final class PasswordRule {

  /** Short passwords are guessed; long ones are what password managers make anyway. */
  static final int MIN_LENGTH = 12;

  /** Fewer different characters than this is a repeated pattern, not a password. */
  static final int MIN_DISTINCT = 5;

  private static final Set<String> COMMON = load();

  private PasswordRule() {}

  /** Throws {@link IllegalArgumentException} naming the rule {@code password} breaks. */
  static void check(String username, String password) {
    if (password == null || password.length() < MIN_LENGTH) {
      throw new IllegalArgumentException(
          "password too short: at least " + MIN_LENGTH + " characters");
    }
    if (password.isBlank()) {
      throw new IllegalArgumentException("password is only spaces");
    }
    if (password.codePoints().distinct().count() < MIN_DISTINCT) {
      throw new IllegalArgumentException(
          "password too simple: use at least " + MIN_DISTINCT + " different characters");
    }
    String folded = password.strip().toLowerCase(Locale.ROOT);
    // Equal, not contained: "admin" is in many a good password (and in configured ones).
    if (username != null && folded.equals(username.strip().toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException("password is the username");
    }
    if (COMMON.contains(folded)) {
      throw new IllegalArgumentException(
          "password is on the list of commonly used passwords: choose another");
    }
  }

  private static Set<String> load() {
    try (InputStream in = PasswordRule.class.getResourceAsStream("common-passwords.txt")) {
      if (in == null) {
        throw new IllegalStateException("common-passwords.txt is missing from the classpath");
      }
      return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .map(line -> line.toLowerCase(Locale.ROOT))
          .collect(Collectors.toUnmodifiableSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
