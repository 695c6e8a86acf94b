package org.nightbench.web;

/** Reads an Accept-Encoding header for the one question the points API asks of it. */
public final class AcceptEncoding {

  private AcceptEncoding() {}

  /** Whether gzip is acceptable: named without {@code q=0}, or else allowed by {@code *}. */
  public static boolean allowsGzip(String header) {
    if (header == null) {
      return false;
    }
    Boolean wildcard = null;
    for (String part : header.split(",")) {
      String[] fields = part.split(";");
      String coding = fields[0].trim();
      if (coding.equalsIgnoreCase("gzip")) {
        return quality(fields) > 0;
      }
      if (coding.equals("*")) {
        wildcard = quality(fields) > 0;
      }
    }
    return Boolean.TRUE.equals(wildcard);
  }

  private static double quality(String[] fields) {
    for (int i = 1; i < fields.length; i++) {
      String parameter = fields[i].replace(" ", "");
      if (parameter.startsWith("q=")) {
        try {
          return Double.parseDouble(parameter.substring(2));
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 1;
  }
}
