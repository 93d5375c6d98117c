package dev.perflab.app;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;

/**
 * Micronaut Data JDBC: the queries are generated at compile time. Update and delete report the
 * rows they touched, so that a missing user is one statement, not a read before the write. Only
 * with the datasource (DatabaseSwitch): without it, it is no bean and UsersEndpoint answers 503.
 */
@JdbcRepository(dialect = Dialect.POSTGRES)
@Requires(property = DatabaseSwitch.DATASOURCE_ENABLED, notEquals = "false")
interface UserRepository extends CrudRepository<UserEntity, Long> {

  /** UPDATE users SET name = ?, email = ? WHERE id = ?: 0 when no user has that id. */
  long update(@Id long id, String name, String email);

  /** DELETE FROM users WHERE id = ?: 0 when no user has that id (deleteById returns nothing). */
  long removeById(long id);
}
