package dev.perflab.app;

import dev.perflab.workload.User;
import dev.perflab.workload.UserInput;
import dev.perflab.workload.Users;
import java.net.URI;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /users} over Spring Data JDBC; each request is one SQL statement on a Tomcat worker
 * thread (Spring MVC's model). Bodies are bound by Spring's Jackson converter (see
 * ErrorHandlers); the id stays raw text, so that the workload words the error for a non-number.
 *
 * <p>The 409s come from the table's only unique constraint (users_email_key), so they hold when
 * requests race: Spring Data JDBC 4 lets Spring's DuplicateKeyException through unwrapped.
 *
 * <p>Without a database (DatabaseSwitch) there is no repository: each request is validated as
 * always, then answered 503 where it would have used the database.
 */
@RestController
class UsersEndpoint {

  /** Null without a database. */
  private final UserRepository repository;

  UsersEndpoint(Optional<UserRepository> repository) {
    this.repository = repository.orElse(null);
  }

  @PostMapping(path = "/users", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<User> create(@RequestBody UserInput body) {
    UserInput input = Users.validate(body);
    User user;
    try {
      user = repository().save(UserEntity.of(input)).toUser();
    } catch (DuplicateKeyException e) {
      throw Users.emailInUse(input.email());
    }
    return ResponseEntity.created(URI.create(Users.location(user.id()))).body(user);
  }

  @GetMapping("/users/{id}")
  User read(@PathVariable(name = "id") String id) {
    long userId = Users.id(id);
    return repository().findById(userId).map(UserEntity::toUser).orElseThrow(() -> Users.notFound(userId));
  }

  @PutMapping(path = "/users/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
  User replace(@PathVariable(name = "id") String id, @RequestBody UserInput body) {
    long userId = Users.id(id);
    UserInput input = Users.validate(body);
    int updated;
    try {
      updated = repository().update(userId, input.name(), input.email());
    } catch (DuplicateKeyException e) {
      throw Users.emailInUse(input.email());
    }
    if (updated == 0) {
      throw Users.notFound(userId);
    }
    return new User(userId, input.name(), input.email());
  }

  @DeleteMapping("/users/{id}")
  ResponseEntity<Void> delete(@PathVariable(name = "id") String id) {
    long userId = Users.id(id);
    if (repository().remove(userId) == 0) {
      throw Users.notFound(userId);
    }
    return ResponseEntity.noContent().build();
  }

  private UserRepository repository() {
    if (repository == null) {
      throw Users.noDatabase();
    }
    return repository;
  }
}
