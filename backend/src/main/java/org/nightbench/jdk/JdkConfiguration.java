package org.nightbench.jdk;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Registers {@link JdkProperties} and the {@link JdkFinder}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(JdkProperties.class)
public class JdkConfiguration {

  @Bean
  JdkFinder jdkFinder(JdkProperties properties) {
    return new JdkFinder(properties);
  }
}
