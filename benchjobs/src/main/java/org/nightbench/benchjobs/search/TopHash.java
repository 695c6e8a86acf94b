package org.nightbench.benchjobs.search;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Accumulates the top results of a task into a hex SHA-1, so equal answers hash equally. */
final class TopHash {

  private final MessageDigest digest;

  TopHash() {
    try {
      digest = MessageDigest.getInstance("SHA-1");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM must provide SHA-1", e);
    }
  }

  /** Adds one result; the separator keeps ("ab","c") and ("a","bc") apart. */
  TopHash add(String key, float score) {
    // Float bits, not text: two JVMs agree on bits even where Float.toString might not.
    return add(key + '\u0000' + Integer.toHexString(Float.floatToIntBits(score)));
  }

  TopHash add(String value) {
    digest.update(value.getBytes(StandardCharsets.UTF_8));
    digest.update((byte) '\n');
    return this;
  }

  String hex() {
    return HexFormat.of().formatHex(digest.digest());
  }
}
