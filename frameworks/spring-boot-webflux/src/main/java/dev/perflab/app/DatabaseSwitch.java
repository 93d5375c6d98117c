package dev.perflab.app;

import dev.perflab.workload.Users;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.stereotype.Component;

/**
 * Without {@code DATABASE_URL} the app runs with no data stack at all: no R2DBC connection
 * factory, no pool, no Flyway, no transaction manager, no repository, so nothing connects
 * anywhere. With it, this does nothing and the context is what the auto-configuration made.
 *
 * <p>Not conditions on the auto-configurations ({@code @ConditionalOn...}, an exclude): Spring AOT
 * evaluates those once, at build time, and the AOT image's context is frozen with whatever they
 * said there. A registry post-processor runs at every start, in both modes: it removes the bean
 * definitions that Spring Boot's R2DBC, JDBC, Flyway, SQL-init, transaction and Spring Data R2DBC
 * auto-configurations contributed (each known by the configuration class that declared it, or its
 * own class), and the repositories of Spring Data R2DBC. UsersEndpoint then has no repository and
 * answers 503.
 *
 * <p>{@code DATABASE_URL} is a JDBC URL in every app (docs/contract-v2.md): Flyway takes it as it
 * is, and {@link R2dbcUrl} derives the runtime queries' R2DBC URL from it.
 */
@Component
class DatabaseSwitch implements BeanDefinitionRegistryPostProcessor, EnvironmentAware {

  /** The data stack's packages: where its auto-configurations and Spring Data R2DBC's repository factory live. */
  private static final List<String> DATA_STACK = List.of(
      "org.springframework.boot.r2dbc.",
      "org.springframework.boot.jdbc.",
      "org.springframework.boot.flyway.",
      "org.springframework.boot.sql.",
      "org.springframework.boot.transaction.",
      "org.springframework.boot.data.r2dbc.",
      "org.springframework.data.r2dbc.");

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

  /**
   * Derives the R2DBC URL from {@code DATABASE_URL}: {@code jdbc:postgresql://host:port/db} becomes
   * {@code r2dbc:postgresql://host:port/db}, the same server, database and parameters, set as
   * {@value #PROPERTY}, which application.properties gives to {@code spring.r2dbc.url}. Without a
   * database it sets nothing (and nothing reads it). Run at every start, in both modes, before the
   * context exists (registered in META-INF/spring.factories).
   *
   * <p>Why not {@code spring.r2dbc.url} itself: Spring Boot declares the R2DBC connection details
   * only where that property is present, a condition Spring AOT evaluates at build time, when there
   * is no database; application.properties always has it (empty without a database), so the AOT
   * image's context has them too.
   */
  static final class R2dbcUrl implements EnvironmentPostProcessor {

    static final String PROPERTY = "perflab.r2dbc.url";
    private static final String JDBC = "jdbc:";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
      if (databaseConfigured(environment)) {
        String url = of(environment.getProperty(Users.DATABASE_URL_ENV));
        environment.getPropertySources().addLast(new MapPropertySource(R2dbcUrl.class.getName(), Map.of(PROPERTY, url)));
      }
    }

    static String of(String jdbcUrl) {
      if (!jdbcUrl.startsWith(JDBC)) {
        throw new IllegalArgumentException(
            Users.DATABASE_URL_ENV + " must be a JDBC URL (jdbc:postgresql://host:port/database), got '" + jdbcUrl + "'");
      }
      return "r2dbc:" + jdbcUrl.substring(JDBC.length());
    }
  }
}
