/**
 * Webhooks: a JSON message to every configured URL (a chat channel, a bot) when a change point is
 * detected. Deliveries are rows enqueued in the detector's transaction, sent by a poller that any
 * number of instances may run (each row is locked while it is sent), retried with exponential
 * backoff, and listed with their failures for admins.
 */
package org.nightbench.webhooks;
