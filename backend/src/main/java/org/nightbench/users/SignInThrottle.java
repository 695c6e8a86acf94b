package org.nightbench.users;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts failed sign-ins per user at one address and per user, each over a fixed window from its
 * first failure, and says when one of them has had too many.
 *
 * <p>Two counts because each stops a different attack: one user guessed from one address, and one
 * user guessed from many addresses. Nothing is counted per address alone: many people share an
 * address (an office, a reverse proxy), and twenty wrong guesses by one of them, or a spray of
 * names, must not refuse another's right password.
 *
 * <p>A user who signed in from an address recently (within {@link Limits#trustedFor}, remembered by
 * {@link KnownPairs}, in the database) is a known pair there: only that pair's own failures can
 * slow it, up to the per-user limit, and a guess of the same name from other addresses never does.
 */
final class SignInThrottle {

  /**
   * How many failures each count allows within the window, and how long a right password keeps its
   * user and address a known pair.
   */
  record Limits(int perUserAndAddress, int perUser, Duration window, Duration trustedFor) {

    Limits(int perUserAndAddress, int perUser, Duration window) {
      this(perUserAndAddress, perUser, window, Duration.ofDays(30));
    }
  }

  private final Limits limits;
  private final Cache<String, AtomicInteger> failures;
  private final KnownPairs knownPairs;

  /** A throttle that remembers its known pairs in memory only. */
  SignInThrottle(Limits limits, Ticker ticker) {
    this(limits, ticker, KnownPairs.inMemory(limits.trustedFor(), ticker));
  }

  SignInThrottle(Limits limits, Ticker ticker, KnownPairs knownPairs) {
    this.limits = limits;
    // Expiry from the first failure (counting does not write the entry again): a fixed window.
    this.failures =
        Caffeine.newBuilder()
            .expireAfterWrite(limits.window())
            .maximumSize(100_000)
            .ticker(ticker)
            .build();
    this.knownPairs = knownPairs;
  }

  Limits limits() {
    return limits;
  }

  /** Whether an attempt as {@code username} from {@code address} is refused unchecked. */
  boolean blocked(String username, String address) {
    if (knownPairs.known(normal(username), address)) {
      return count(pair(username, address)) >= limits.perUser();
    }
    return count(pair(username, address)) >= limits.perUserAndAddress()
        || count(user(username)) >= limits.perUser();
  }

  /** One more wrong password. */
  void failed(String username, String address) {
    for (String key : new String[] {pair(username, address), user(username)}) {
      failures.get(key, k -> new AtomicInteger()).incrementAndGet();
    }
  }

  /**
   * A right password: forgets this user's failures at this address only, so signing in to one's own
   * account does not reset what others spent guessing it elsewhere, and makes the two a known pair.
   */
  void succeeded(String username, String address) {
    failures.invalidate(pair(username, address));
    knownPairs.remember(normal(username), address);
  }

  private int count(String key) {
    AtomicInteger count = failures.getIfPresent(key);
    return count == null ? 0 : count.get();
  }

  private static String pair(String username, String address) {
    return "pair\u0000" + normal(username) + "\u0000" + address;
  }

  private static String user(String username) {
    return "user\u0000" + normal(username);
  }

  // Usernames are matched as stored, but "Admin" and "admin " must not get fresh counts.
  private static String normal(String username) {
    return username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
  }
}
