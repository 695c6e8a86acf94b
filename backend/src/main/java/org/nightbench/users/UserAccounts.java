package org.nightbench.users;

import java.util.List;
import org.nightbench.web.NotFoundException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The users in the database: how Spring Security finds them, and how admins add them. */
@Service
public class UserAccounts implements UserDetailsService {

  /** One user as the API shows it: never the hash. */
  public record Account(String username, String role, String createdBy) {}

  private final JdbcClient jdbc;
  private final PasswordEncoder passwords;

  UserAccounts(JdbcClient jdbc, PasswordEncoder passwords) {
    this.jdbc = jdbc;
    this.passwords = passwords;
  }

  @Override
  public UserDetails loadUserByUsername(String username) {
    if (username == null || username.indexOf('\0') >= 0) {
      // PostgreSQL refuses a NUL in a query parameter; no stored name holds one anyway.
      throw new UsernameNotFoundException("no such user");
    }
    return jdbc.sql("select username, password_hash, role from app_user where username = ?")
        .param(username)
        .query(
            (rs, row) ->
                User.withUsername(rs.getString("username"))
                    .password(rs.getString("password_hash"))
                    .authorities(
                        AuthorityUtils.createAuthorityList(
                            "ROLE_" + Role.parse(rs.getString("role")).name()))
                    .build())
        .optional()
        .orElseThrow(() -> new UsernameNotFoundException("no user " + username));
  }

  /** Adds a user; a one-line error for a taken name, a bad name or a weak password. */
  @Transactional
  public Account create(String username, String password, Role role, String createdBy) {
    PasswordRule.check(username, password);
    if (username == null || !username.matches("[A-Za-z0-9._@-]{1,64}")) {
      throw new IllegalArgumentException(
          "bad username '" + username + "': 1-64 letters, digits and . _ @ -");
    }
    try {
      jdbc.sql(
              "insert into app_user (username, password_hash, role, created_by)"
                  + " values (?, ?, ?, ?)")
          .params(username, passwords.encode(password), role.stored(), createdBy)
          .update();
    } catch (DuplicateKeyException e) {
      throw new IllegalArgumentException("user '" + username + "' exists already");
    }
    return new Account(username, role.stored(), createdBy);
  }

  /** Replaces a user's password. */
  @Transactional
  public void changePassword(String username, String password) {
    PasswordRule.check(username, password);
    jdbc.sql(
            "update app_user set password_hash = ?, password_changed_at = now()"
                + " where username = ?")
        .params(passwords.encode(password), username)
        .update();
  }

  /**
   * Gives {@code username} another role; a one-line refusal for taking the last admin's role away
   * (nobody could manage users after it), a 404 for an unknown user.
   */
  @Transactional
  public Account changeRole(String username, Role role) {
    // Locks the admins' rows, so two admins demoting each other at once cannot both succeed.
    long admins =
        jdbc.sql("select username from app_user where role = 'admin' for update")
            .query(String.class)
            .list()
            .size();
    Account account =
        jdbc.sql("select username, role, created_by from app_user where username = ?")
            .param(username)
            .query((rs, row) -> new Account(rs.getString(1), rs.getString(2), rs.getString(3)))
            .optional()
            .orElseThrow(() -> new NotFoundException("No user '" + username + "'"));
    if (account.role().equals(Role.ADMIN.stored()) && role != Role.ADMIN && admins <= 1) {
      throw new IllegalArgumentException(
          "'" + username + "' is the last admin: make another user admin first");
    }
    jdbc.sql("update app_user set role = ? where username = ?")
        .params(role.stored(), username)
        .update();
    return new Account(username, role.stored(), account.createdBy());
  }

  public List<Account> all() {
    return page(Integer.MAX_VALUE, 0);
  }

  /** At most {@code limit} accounts by name, after the first {@code offset}. */
  public List<Account> page(int limit, int offset) {
    return jdbc.sql(
            "select username, role, created_by from app_user order by username"
                + " limit :limit offset :offset")
        .param("limit", limit)
        .param("offset", offset)
        .query((rs, row) -> new Account(rs.getString(1), rs.getString(2), rs.getString(3)))
        .list();
  }

  boolean anyAdmin() {
    return jdbc.sql("select exists (select 1 from app_user where role = 'admin')")
        .query(Boolean.class)
        .single();
  }
}
