package dev.perflab.app;

import dev.perflab.workload.Users;
import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.PropertiesConfigSource;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Whether this run has a database, as runtime configuration read at every start: the datasource,
 * Hibernate ORM's persistence unit and Flyway are active with DATABASE_URL and inactive without it.
 * Quarkus deactivates a datasource without a URL by itself, but a persistence unit with entities
 * does not follow it (its start then fails on the inactive datasource), and a configuration value
 * cannot say "set or not": hence this source (registered in META-INF/services). Inactive, they open
 * no pool and try no connection. Always an explicit true or false, so that no value recorded at
 * build time can win; below the environment and system properties, which may still override it.
 */
public class DatabaseSwitch implements ConfigSourceFactory {

  /** Read by UsersEndpoint: true exactly when the persistence unit is active. */
  static final String ACTIVE = "quarkus.hibernate-orm.active";

  private static final int ORDINAL = 50;

  @Override
  public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
    String on = String.valueOf(Users.databaseConfigured(context.getValue(Users.DATABASE_URL_ENV).getValue()));
    Map<String, String> active = Map.of("quarkus.datasource.active", on, ACTIVE, on, "quarkus.flyway.active", on);
    return List.of(new PropertiesConfigSource(active, DatabaseSwitch.class.getSimpleName(), ORDINAL));
  }
}
