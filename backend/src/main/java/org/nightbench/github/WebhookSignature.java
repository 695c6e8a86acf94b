package org.nightbench.github;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * GitHub's {@code X-Hub-Signature-256}: {@code sha256=} and the hex HMAC-SHA256 of the raw body
 * under the webhook's secret. Compared in constant time, so an attacker learns nothing from how
 * long a wrong guess took.
 */
final class WebhookSignature {

  private static final String PREFIX = "sha256=";

  private WebhookSignature() {}

  static String sign(String secret, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return PREFIX + HexFormat.of().formatHex(mac.doFinal(body));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  static boolean valid(String secret, byte[] body, String header) {
    if (header == null || !header.startsWith(PREFIX) || header.length() != PREFIX.length() + 64) {
      return false;
    }
    byte[] expected = sign(secret, body).getBytes(StandardCharsets.US_ASCII);
    byte[] given = header.toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, given);
  }
}
