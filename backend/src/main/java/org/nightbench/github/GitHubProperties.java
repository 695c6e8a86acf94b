package org.nightbench.github;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Benchmarking pull requests from their comments. Off by default: nothing listens and nothing calls
 * GitHub until {@code enabled} is true, and then only with a secret and a token.
 *
 * @param enabled whether the webhook acts and the poller runs
 * @param webhookSecret the secret of the repository webhook or GitHub App; every delivery's {@code
 *     X-Hub-Signature-256} must be its HMAC
 * @param token a token that may comment on pull requests and set commit statuses
 * @param apiUrl GitHub's REST API, or a GitHub Enterprise server's ({@code https://HOST/api/v3})
 * @param repository the one repository ({@code owner/name}) whose comments are acted on
 * @param dashboardUrl this dashboard's public address, for the links in replies
 * @param trustedUsers logins that may start benchmarks besides the repository's owners, members and
 *     collaborators
 * @param jvms JVMs per side when the command does not say
 * @param profile the profile of pull-request comparisons; null for the runner's
 * @param corpus the corpus when the command does not say; null for the profile's
 * @param pollInterval how often the poller looks for work
 * @param requestTimeout how long one call to GitHub may take
 */
@ConfigurationProperties("nightbench.github")
public record GitHubProperties(
    boolean enabled,
    String webhookSecret,
    String token,
    URI apiUrl,
    String repository,
    URI dashboardUrl,
    List<String> trustedUsers,
    Integer jvms,
    String profile,
    String corpus,
    Duration pollInterval,
    Duration requestTimeout) {

  /** Author associations GitHub gives those the repository trusts. */
  static final Set<String> TRUSTED_ASSOCIATIONS = Set.of("OWNER", "MEMBER", "COLLABORATOR");

  public GitHubProperties {
    apiUrl = apiUrl == null ? URI.create("https://api.github.com") : apiUrl;
    dashboardUrl = dashboardUrl == null ? URI.create("http://localhost:8080") : dashboardUrl;
    trustedUsers =
        trustedUsers == null
            ? List.of()
            : trustedUsers.stream().map(u -> u.strip().toLowerCase(Locale.ROOT)).toList();
    jvms = jvms == null ? 5 : jvms;
    pollInterval = pollInterval == null ? Duration.ofSeconds(5) : pollInterval;
    requestTimeout = requestTimeout == null ? Duration.ofSeconds(20) : requestTimeout;
    if (enabled) {
      // Half-configured would mean accepting unsigned commands or failing every reply at 2 am.
      require(webhookSecret, "webhook-secret");
      require(token, "token");
      require(repository, "repository");
      if (!repository.matches("[A-Za-z0-9._-]+/[A-Za-z0-9._-]+")) {
        throw new IllegalArgumentException(
            "nightbench.github.repository must be owner/name, not '" + repository + "'");
      }
    }
  }

  /** Whether {@code login}, with GitHub's {@code association} to the repository, may benchmark. */
  boolean trusts(String login, String association) {
    return (association != null && TRUSTED_ASSOCIATIONS.contains(association))
        || (login != null && trustedUsers.contains(login.toLowerCase(Locale.ROOT)));
  }

  private static void require(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          "nightbench.github." + name + " must be set when nightbench.github.enabled is true");
    }
  }
}
