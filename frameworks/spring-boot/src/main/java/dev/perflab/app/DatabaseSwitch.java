package dev.perflab.app;

import dev.perflab.workload.Users;
import java.util.Arrays;
import java.util.List;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Without {@code DATABASE_URL} the app runs with no data stack at all: no DataSource, no pool, no
 * Flyway, no transaction manager, no repository, so nothing connects anywhere. With it, this does
 * nothing and the context is what the auto-configuration made.
 *
 * <p>Not conditions on the auto-configurations ({@code @ConditionalOn...}, an exclude): Spring AOT
 * evaluates those once, at build time, and the AOT image's context is frozen with whatever they
 * said there. A registry post-processor runs at every start, in both modes: it removes the bean
 * definitions that Spring Boot's JDBC, Flyway, SQL-init, transaction and Spring Data JDBC
 * auto-configurations contributed (each known by the configuration class that declared it, or its
 * own class), and the repositories of Spring Data JDBC. UsersEndpoint then has no repository and
 * answers 503.
 */
@Component
class DatabaseSwitch implements BeanDefinitionRegistryPostProcessor, EnvironmentAware {

  /** The data stack's packages: where its auto-configurations and Spring Data JDBC's repository factory live. */
  private static final List<String> DATA_STACK = List.of(
      "org.springframework.boot.jdbc.",
      "org.springframework.boot.flyway.",
      "org.springframework.boot.sql.",
      "org.springframework.boot.transaction.",
      "org.springframework.boot.data.jdbc.",
      "org.springframework.data.jdbc.");

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
    // At build time (process-aot) the context is recorded whole, so that a start with a database finds it.
    if (Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING) || databaseConfigured(environment)) {
      return;
    }
    Arrays.stream(registry.getBeanDefinitionNames())
        .filter(name -> inDataStack(registry, name))
        .toList()
        .forEach(registry::removeBeanDefinition);
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {}

  static boolean databaseConfigured(Environment environment) {
    return Users.databaseConfigured(environment.getProperty(Users.DATABASE_URL_ENV));
  }

  /** Whether the bean, or the configuration class whose @Bean method makes it, belongs to the data stack. */
  private static boolean inDataStack(BeanDefinitionRegistry registry, String name) {
    BeanDefinition definition = registry.getBeanDefinition(name);
    String factoryBean = definition.getFactoryBeanName();
    String origin = factoryBean != null && registry.containsBeanDefinition(factoryBean)
        ? registry.getBeanDefinition(factoryBean).getBeanClassName()
        : definition.getBeanClassName();
    return origin != null && DATA_STACK.stream().anyMatch(origin::startsWith);
  }
}
