package dev.perflab.app;

import dev.perflab.workload.User;
import dev.perflab.workload.UserInput;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The {@code users} table, as the shared Flyway migration creates it. */
@Entity
@Table(name = "users")
class UserEntity {

  // The table's identity column hands out ids (no sequence), as in every app.
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  private String name;

  private String email;

  /** Takes the validated input's fields as sent: a new row, or a full replacement of this one. */
  UserEntity assign(UserInput input) {
    name = input.name();
    email = input.email();
    return this;
  }

  User toUser() {
    return new User(id, name, email);
  }
}
