/**
 * Benchmarking a pull request from a comment ({@code /benchmark search HighTerm}): GitHub's signed
 * webhook, the command, who may give it, and the replies and commit statuses through GitHub's REST
 * API. A command becomes an ordinary A/B comparison of the pull request's head against its merge
 * base. It uses {@code comparisons} (to queue and read them), {@code lucene} (to fetch the pull
 * request into the clone) and {@code runs} (a comparison's status); nothing depends on it. Off
 * unless {@code nightbench.github.enabled}.
 */
package org.nightbench.github;
