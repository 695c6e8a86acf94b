/**
 * Checks that keep the documentation from rotting silently: every relative link in the README and
 * under {@code docs/} resolves, and the configuration reference names exactly the {@code
 * nightbench.*} properties the application reads.
 */
package org.nightbench.docs;
