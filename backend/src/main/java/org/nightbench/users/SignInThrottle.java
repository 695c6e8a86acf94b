package org.nightbench.users;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts failed sign-ins per user at one address, per address and per user, each over a fixed
 * window from its first failure, and says when one of them has had too many.
 *
 * <p>Three counts because each stops a different attack: one user guessed from one address, many
 * users tried from one address (password spraying), and one user guessed from many addresses. The
 * per-user limit is the highest, since reaching it locks the real user out too.
 *
 * <p>A user who signed in from an address recently (within {@link Limits#trustedFor}) is a known
 * pair there: the per-address and per-pair limits do not apply to it, only the per-user one. Many
 * people share an address (an office, a reverse proxy), and twenty wrong guesses by one of them
 * must not lock the others out; the address limits slow unknown names and new pairs only.
 */
final class SignInThrottle {

  /**
   * How many failures each count allows within the window, and how long a right password keeps its
   * user and address a known pair.
   */
  record Limits(
      int perUserAndAddress, int perAddress, int perUser, Duration window, Duration trustedFor) {

    Limits(int perUserAndAddress, int perAddress, int perUser, Duration window) {
      this(perUserAndAddress, perAddress, perUser, window, Duration.ofDays(30));
    }
  }

  private final Limits limits;
  private final Cache<String, AtomicInteger> failures;
  private final Cache<String, Boolean> knownPairs;

  SignInThrottle(Limits limits, Ticker ticker) {
    this.limits = limits;
    // Expiry from the first failure (counting does not write the entry again): a fixed window.
    this.failures =
        Caffeine.newBuilder()
            .expireAfterWrite(limits.window())
            .maximumSize(100_000)
            .ticker(ticker)
            .build();
    this.knownPairs =
        Caffeine.newBuilder()
            .expireAfterWrite(limits.trustedFor())
            .maximumSize(100_000)
            .ticker(ticker)
            .build();
  }

  Limits limits() {
    return limits;
  }

  /** Whether an attempt as {@code username} from {@code address} is refused unchecked. */
  boolean blocked(String username, String address) {
    if (count(user(username)) >= limits.perUser()) {
      return true;
    }
    if (knownPairs.getIfPresent(pair(username, address)) != null) {
      return false;
    }
    return count(pair(username, address)) >= limits.perUserAndAddress()
        || count(address(address)) >= limits.perAddress();
  }

  /** One more wrong password. */
  void failed(String username, String address) {
    for (String key : new String[] {pair(username, address), address(address), user(username)}) {
      failures.get(key, k -> new AtomicInteger()).incrementAndGet();
    }
  }

  /**
   * A right password: forgets this user's failures at this address only, so signing in to one's own
   * account does not reset what an address spent on others, and makes the two a known pair.
   */
  void succeeded(String username, String address) {
    failures.invalidate(pair(username, address));
    knownPairs.put(pair(username, address), Boolean.TRUE);
  }

  private int count(String key) {
    AtomicInteger count = failures.getIfPresent(key);
    return count == null ? 0 : count.get();
  }

  private static String pair(String username, String address) {
    return "pair\u0000" + normal(username) + "\u0000" + address;
  }

  private static String address(String address) {
    return "address\u0000" + address;
  }

  private static String user(String username) {
    return "user\u0000" + normal(username);
  }

  // Usernames are matched as stored, but "Admin" and "admin " must not get fresh counts.
  private static String normal(String username) {
    return username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
  }
}
