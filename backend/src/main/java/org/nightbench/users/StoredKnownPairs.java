package org.nightbench.users;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Known pairs in the database ({@code sign_in_known_pair}), so that neither a restart nor a second
 * instance forgets who signs in from where; each answer is kept a minute in memory, so a stream of
 * refused attempts does not become a stream of queries.
 */
final class StoredKnownPairs implements KnownPairs {

  private final JdbcClient jdbc;
  private final Duration trustedFor;
  private final Cache<String, Boolean> answers =
      Caffeine.newBuilder().expireAfterWrite(Duration.ofMinutes(1)).maximumSize(100_000).build();

  StoredKnownPairs(JdbcClient jdbc, Duration trustedFor) {
    this.jdbc = jdbc;
    this.trustedFor = trustedFor;
  }

  @Override
  public boolean known(String username, String address) {
    return answers.get(
        username + "\u0000" + address,
        key -> {
          try {
            return jdbc.sql(
                    "select exists (select 1 from sign_in_known_pair where username = ? and"
                        + " address = ? and signed_in_at > now() - make_interval(secs => ?))")
                .params(username, address, (double) trustedFor.toSeconds())
                .query(Boolean.class)
                .single();
          } catch (DataAccessException e) {
            // The database is away: nobody signs in then anyway (the accounts are there too).
            return false;
          }
        });
  }

  @Override
  public void remember(String username, String address) {
    jdbc.sql(
            "insert into sign_in_known_pair (username, address) values (?, ?)"
                + " on conflict (username, address) do update set signed_in_at = now()")
        .params(username, address)
        .update();
    answers.put(username + "\u0000" + address, Boolean.TRUE);
  }
}
