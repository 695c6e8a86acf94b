package org.nightbench.users;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.pathPattern;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.util.matcher.RequestHeaderRequestMatcher;

/**
 * Reading is public; changing needs a signed-in editor, managing users an admin. Pages sign in with
 * a form and a session, protected by a CSRF token on every form and script write; API clients may
 * send HTTP Basic credentials instead, which a browser does not add by itself to a forged request.
 */
@Configuration
public class SecurityConfiguration {

  @Bean
  SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
    http.authorizeHttpRequests(
            requests ->
                requests
                    .requestMatchers("/api/users/me/**")
                    .authenticated()
                    .requestMatchers("/api/users/**")
                    .hasRole("ADMIN")
                    // Deliveries name the hosts of webhook URLs and their errors: not for everyone.
                    .requestMatchers("/api/webhooks/**")
                    .hasRole("ADMIN")
                    .requestMatchers(HttpMethod.GET, "/**")
                    .permitAll()
                    .requestMatchers(HttpMethod.HEAD, "/**")
                    .permitAll()
                    // A computation on the caller's own numbers: it changes nothing stored.
                    .requestMatchers(pathPattern(HttpMethod.POST, "/api/change-points/detect"))
                    .permitAll()
                    .requestMatchers("/error")
                    .permitAll()
                    .anyRequest()
                    .hasRole("EDITOR"))
        .formLogin(login -> login.permitAll())
        .httpBasic(Customizer.withDefaults())
        .logout(logout -> logout.logoutSuccessUrl("/"))
        .csrf(
            csrf ->
                csrf.ignoringRequestMatchers(
                    new RequestHeaderRequestMatcher("Authorization"),
                    pathPattern(HttpMethod.POST, "/api/change-points/detect")));
    return http.build();
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
