package dev.perflab.app;

import dev.perflab.workload.User;
import dev.perflab.workload.UserInput;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of the {@code users} table (db/migration/V1__create_users.sql, run by Flyway). Saved with
 * a null id, it is inserted and Spring Data JDBC returns a copy with the identity column's id.
 */
@Table("users")
record UserEntity(@Id Long id, String name, String email) {

  static UserEntity of(UserInput input) {
    return new UserEntity(null, input.name(), input.email());
  }

  User toUser() {
    return new User(id, name, email);
  }
}
