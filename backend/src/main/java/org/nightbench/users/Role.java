package org.nightbench.users;

import java.util.Locale;

/** What a user may do; each role may do everything the roles before it may. */
public enum Role {
  /** Reads, as anyone may, and is known by name. */
  VIEWER,
  /** Annotates, triages change points and triggers runs. */
  EDITOR,
  /** Manages users and settings. */
  ADMIN;

  /** As stored in the database: {@code viewer}, {@code editor}, {@code admin}. */
  public String stored() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The role named {@code text}, or a one-line error naming the roles there are. */
  public static Role parse(String text) {
    for (Role role : values()) {
      if (role.stored().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return role;
      }
    }
    throw new IllegalArgumentException("unknown role '" + text + "': use viewer, editor or admin");
  }
}
