package org.nightbench.webhooks;

/**
 * How one POST went.
 *
 * @param status the HTTP status, or null when no answer came (refused, timed out, bad TLS)
 * @param error one line on the failure, or null when delivered
 */
record DeliveryAttempt(Integer status, String error) {

  static DeliveryAttempt delivered(int status) {
    return new DeliveryAttempt(status, null);
  }

  static DeliveryAttempt failed(Integer status, String error) {
    return new DeliveryAttempt(status, error);
  }

  boolean delivered() {
    return error == null;
  }
}
