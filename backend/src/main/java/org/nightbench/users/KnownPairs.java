package org.nightbench.users;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;

/**
 * The names that signed in with their right password from an address, recently: such a pair is
 * slowed by its own failures only, never by others'. Names come normalised (stripped, lower case).
 */
interface KnownPairs {

  /** Whether {@code username} signed in from {@code address} within the trusted time. */
  boolean known(String username, String address);

  /** {@code username} signed in from {@code address} now. */
  void remember(String username, String address);

  /** Pairs kept in this process only, for as long as {@code trustedFor}: what tests use. */
  static KnownPairs inMemory(Duration trustedFor, Ticker ticker) {
    Cache<String, Boolean> pairs =
        Caffeine.newBuilder()
            .expireAfterWrite(trustedFor)
            .maximumSize(100_000)
            .ticker(ticker)
            .build();
    return new KnownPairs() {
      @Override
      public boolean known(String username, String address) {
        return pairs.getIfPresent(username + "\u0000" + address) != null;
      }

      @Override
      public void remember(String username, String address) {
        pairs.put(username + "\u0000" + address, Boolean.TRUE);
      }
    };
  }
}
