package org.nightbench.users;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.pathPattern;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.List;
import org.nightbench.web.ProblemResponse;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.core.session.SessionRegistryImpl;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.session.HttpSessionEventPublisher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Reading is public; changing needs a signed-in editor, managing users an admin. Pages sign in with
 * a form and a session, protected by a CSRF token on every form and script write; API clients may
 * send HTTP Basic credentials instead, which a browser does not add by itself to a forged request.
 * Repeated failed sign-ins are throttled and audited.
 */
@Configuration
public class SecurityConfiguration {

  /**
   * Scripts only from this origin (no inline script or handler); styles may be inline, as the
   * charts set colours on the elements they draw; no framing by other sites.
   */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
          + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self';"
          + " form-action 'self'; frame-ancestors 'none'";

  /** Where GitHub delivers webhooks: no session, no password, its own signature instead. */
  static final String GITHUB_WEBHOOK = "/api/github/webhook";

  /** A computation on the caller's own numbers: it changes nothing stored. */
  static final String DETECT = "/api/change-points/detect";

  /** The same, night by night: it changes nothing stored either. */
  static final String REPLAY = "/api/change-points/replay";

  /** The POSTs anyone may send (the API description marks every other write as signed in). */
  static final List<String> PUBLIC_WRITES = List.of(DETECT, REPLAY, GITHUB_WEBHOOK);

  /** API paths for admins only, reads included. */
  static final List<String> ADMIN_API = List.of("/api/users", "/api/webhooks");

  @Bean
  SecurityFilterChain securityFilterChain(
      HttpSecurity http,
      AuthenticationManager signIn,
      SignInThrottle throttle,
      SessionRegistry sessionRegistry)
      throws Exception {
    // A Basic request that authenticated needs no CSRF token: a browser never adds Basic
    // credentials to a forged request by itself. Merely carrying an Authorization header (a junk
    // Bearer token next to a session cookie) is no such proof; BasicCredentialsAlone makes sure
    // the Basic password is checked even when a session of the same user comes along.
    RequestMatcher basicCredentials = BasicCredentialsAlone::hasBasicCredentials;
    RequestMatcher signOut = pathPattern(HttpMethod.POST, "/logout");
    SignInChallenge challenge = new SignInChallenge();
    http.authorizeHttpRequests(
            requests ->
                requests
                    .requestMatchers("/api/users/me/**", "/account/**")
                    .authenticated()
                    .requestMatchers("/users", "/users/**")
                    .hasRole("ADMIN")
                    // Deliveries name the hosts of webhook URLs and their errors: not for everyone.
                    .requestMatchers(
                        ADMIN_API.stream().map(path -> path + "/**").toArray(String[]::new))
                    .hasRole("ADMIN")
                    // Forgetting a retired machine's label.
                    .requestMatchers(pathPattern(HttpMethod.DELETE, "/api/machines/**"))
                    .hasRole("ADMIN")
                    .requestMatchers(HttpMethod.GET, "/**")
                    .permitAll()
                    .requestMatchers(HttpMethod.HEAD, "/**")
                    .permitAll()
                    // A computation on the caller's own numbers: it changes nothing stored.
                    .requestMatchers(pathPattern(HttpMethod.POST, DETECT))
                    .permitAll()
                    .requestMatchers(pathPattern(HttpMethod.POST, REPLAY))
                    .permitAll()
                    // GitHub signs each delivery with the webhook secret; the controller checks it.
                    .requestMatchers(pathPattern(HttpMethod.POST, GITHUB_WEBHOOK))
                    .permitAll()
                    .requestMatchers("/error")
                    .permitAll()
                    .anyRequest()
                    .hasRole("EDITOR"))
        .authenticationManager(signIn)
        // A failed sign-in says why in the address, not in a session it would have to start.
        .formLogin(
            login ->
                login
                    .loginPage("/login")
                    .failureHandler(
                        (request, response, failure) ->
                            response.sendRedirect(
                                request.getContextPath()
                                    + (failure instanceof ThrottledAuthentication.Throttled
                                        ? SignInPageController.THROTTLED
                                        : SignInPageController.FAILED)))
                    .permitAll())
        // The page an anonymous reader asked for before signing in is remembered in a cookie, not
        // a session: GET /users or /account/password by anyone starts none.
        .requestCache(cache -> cache.requestCache(new AskedPageCookie()))
        .httpBasic(basic -> basic.authenticationEntryPoint(basicEntryPoint(throttle)))
        // Pages are sent to sign in; API clients get 401 with a Basic challenge, also for a write
        // without a CSRF token when nobody is signed in (SignInChallenge).
        .exceptionHandling(
            exceptions ->
                exceptions.authenticationEntryPoint(challenge).accessDeniedHandler(challenge))
        .addFilterBefore(new BasicCredentialsAlone(), BasicAuthenticationFilter.class)
        .logout(logout -> logout.logoutSuccessUrl("/"))
        // Known per user, so a password change can end the user's other sessions (UserSessions);
        // no limit on how many one user has.
        .sessionManagement(
            sessions ->
                sessions
                    .maximumSessions(-1)
                    .sessionRegistry(sessionRegistry)
                    .expiredUrl("/login?expired"))
        .csrf(
            csrf ->
                csrf.csrfTokenRepository(new AnonymousReadsKeepNoSession())
                    .ignoringRequestMatchers(
                        request ->
                            basicCredentials.matches(request)
                                && !signOut.matches(request)
                                && !BasicCredentialsAlone.fromAnotherSite(request),
                        pathPattern(HttpMethod.POST, DETECT),
                        pathPattern(HttpMethod.POST, REPLAY),
                        pathPattern(HttpMethod.POST, GITHUB_WEBHOOK)))
        .headers(
            headers ->
                headers
                    .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                    .referrerPolicy(
                        referrer -> referrer.policy(ReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN))
                    .frameOptions(frame -> frame.deny()));
    return http.build();
  }

  /**
   * Basic's 401 challenge with a one-line problem detail for wrong credentials, a 429 problem
   * detail for a throttled attempt.
   */
  private static AuthenticationEntryPoint basicEntryPoint(SignInThrottle throttle) {
    return (request, response, failure) -> {
      if (failure instanceof ThrottledAuthentication.Throttled) {
        response.setHeader("Retry-After", String.valueOf(throttle.limits().window().toSeconds()));
        ProblemResponse.write(response, HttpStatus.TOO_MANY_REQUESTS, failure.getMessage());
      } else {
        SignInChallenge.challenge(request, response, failure);
      }
    };
  }

  /** Passwords checked against the database, behind the throttle; the form and Basic share it. */
  @Bean
  AuthenticationManager signIn(
      ObjectProvider<UserAccounts> accounts,
      PasswordEncoder passwords,
      SignInThrottle throttle,
      ObjectProvider<SignInAudit> audit) {
    // Looked up when someone signs in: the controller slices of the tests import this
    // configuration without a database, and sign in with mock users only.
    DaoAuthenticationProvider checked =
        new DaoAuthenticationProvider(
            username -> accounts.getObject().loadUserByUsername(username));
    checked.setPasswordEncoder(passwords);
    return new ProviderManager(new ThrottledAuthentication(checked, throttle, audit::getObject));
  }

  @Bean
  SignInThrottle signInThrottle(
      @Value("${nightbench.security.sign-in.max-failures-per-user-and-address:5}") int perPair,
      @Value("${nightbench.security.sign-in.max-failures-per-user:50}") int perUser,
      @Value("${nightbench.security.sign-in.window:15m}") Duration window,
      @Value("${nightbench.security.sign-in.trusted-for:30d}") Duration trustedFor,
      ObjectProvider<JdbcClient> jdbc) {
    SignInThrottle.Limits limits = new SignInThrottle.Limits(perPair, perUser, window, trustedFor);
    // Known pairs in the database; in memory where there is none (the tests' controller slices).
    JdbcClient database = jdbc.getIfAvailable();
    return database == null
        ? new SignInThrottle(limits, Ticker.systemTicker())
        : new SignInThrottle(
            limits, Ticker.systemTicker(), new StoredKnownPairs(database, trustedFor));
  }

  /** The signed-in sessions of each user, kept current by {@link #sessionEvents}. */
  @Bean
  SessionRegistry sessionRegistry() {
    return new SessionRegistryImpl();
  }

  /** Tells the session registry when a session ends, so it does not keep them forever. */
  @Bean
  static HttpSessionEventPublisher sessionEvents() {
    return new HttpSessionEventPublisher();
  }

  @Bean
  static RoleHierarchy roleHierarchy() {
    return RoleHierarchyImpl.withDefaultRolePrefix()
        .role("ADMIN")
        .implies("EDITOR")
        .role("EDITOR")
        .implies("VIEWER")
        .build();
  }

  /** bcrypt, with the algorithm named in the stored hash so it can be changed later. */
  @Bean
  PasswordEncoder passwordEncoder() {
    return PasswordEncoderFactories.createDelegatingPasswordEncoder();
  }
}
