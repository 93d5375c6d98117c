package dev.perflab.app;

import dev.perflab.workload.User;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.GeneratedValue;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

/** A row of the users table (db/migration/V1__create_users.sql); the id is null until inserted. */
@MappedEntity("users")
record UserEntity(@Id @GeneratedValue(GeneratedValue.Type.IDENTITY) @Nullable Long id, String name, String email) {

  User toUser() {
    return new User(id, name, email);
  }
}
