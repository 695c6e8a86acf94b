package org.nightbench.github;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds {@code nightbench.github.*}; the webhook answers 404 and nothing polls while it is off. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GitHubProperties.class)
class GitHubConfiguration {}
