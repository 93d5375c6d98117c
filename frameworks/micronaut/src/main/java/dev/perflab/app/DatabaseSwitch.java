package dev.perflab.app;

import dev.perflab.workload.Users;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.context.ApplicationContextConfigurer;
import io.micronaut.context.annotation.ContextConfigurer;
import io.micronaut.context.env.EnvironmentPropertySource;
import io.micronaut.context.env.PropertySource;
import java.util.Map;

/**
 * Without DATABASE_URL the app starts with no database: the default datasource's own switch and
 * Flyway's are turned off before the context starts, so neither the Hikari pool nor a migration
 * exists, and {@link UserRepository}, which requires the datasource, is not a bean (UsersEndpoint
 * answers 503). Its @Requires are evaluated at every start, also in the AOT image. With
 * DATABASE_URL this adds nothing. A context configurer (loaded as a service by every context
 * builder) because a property value cannot say "set or not"; a property source of its own, as
 * builder properties are replaced by whoever sets them next (ApplicationContext.run(Map) does).
 */
@ContextConfigurer
public class DatabaseSwitch implements ApplicationContextConfigurer {

  /** The default datasource's switch (micronaut-jdbc's condition on the pool), true when absent. */
  static final String DATASOURCE_ENABLED = "datasources.default.enabled";

  /** Over application.properties, under the environment and system properties, which may still override it. */
  private static final int ORDER = EnvironmentPropertySource.POSITION - 50;

  @Override
  public void configure(ApplicationContextBuilder builder) {
    if (!Users.databaseConfigured(System.getenv(Users.DATABASE_URL_ENV))) {
      builder.propertySources(PropertySource.of(DatabaseSwitch.class.getSimpleName(),
          Map.of(DATASOURCE_ENABLED, false, "flyway.enabled", false), ORDER));
    }
  }
}
