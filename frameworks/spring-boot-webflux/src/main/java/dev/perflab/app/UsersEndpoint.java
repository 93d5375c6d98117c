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
import reactor.core.publisher.Mono;

/**
 * {@code /users} over Spring Data R2DBC; each request is one SQL statement, sent and answered
 * without a thread waiting for it (r2dbc-postgresql on Netty). Bodies are decoded by WebFlux's
 * Jackson decoder before the method runs (see ErrorHandlers); the id stays raw text, so that the
 * workload words the error for a non-number.
 *
 * <p>The id and body checks, and the 503 without a database, throw before any Mono exists, so
 * they come in the contract's order; what the database says (404, 409) is the Mono's error. The
 * 409s come from the table's only unique constraint (users_email_key), so they hold when requests
 * race: Spring's R2DBC support translates PostgreSQL's unique violation into a DuplicateKeyException.
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
  Mono<ResponseEntity<User>> create(@RequestBody UserInput body) {
    UserInput input = Users.validate(body);
    return repository().save(UserEntity.of(input))
        .onErrorMap(DuplicateKeyException.class, e -> Users.emailInUse(input.email()))
        .map(saved -> {
          User user = saved.toUser();
          return ResponseEntity.created(URI.create(Users.location(user.id()))).body(user);
        });
  }

  @GetMapping("/users/{id}")
  Mono<User> read(@PathVariable(name = "id") String id) {
    long userId = Users.id(id);
    return repository().findById(userId).map(UserEntity::toUser)
        .switchIfEmpty(Mono.error(() -> Users.notFound(userId)));
  }

  @PutMapping(path = "/users/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
  Mono<User> replace(@PathVariable(name = "id") String id, @RequestBody UserInput body) {
    long userId = Users.id(id);
    UserInput input = Users.validate(body);
    return repository().update(userId, input.name(), input.email())
        .onErrorMap(DuplicateKeyException.class, e -> Users.emailInUse(input.email()))
        .map(updated -> {
          if (updated == 0) {
            throw Users.notFound(userId);
          }
          return new User(userId, input.name(), input.email());
        });
  }

  @DeleteMapping("/users/{id}")
  Mono<ResponseEntity<Void>> delete(@PathVariable(name = "id") String id) {
    long userId = Users.id(id);
    return repository().remove(userId).map(removed -> {
      if (removed == 0) {
        throw Users.notFound(userId);
      }
      return ResponseEntity.noContent().build();
    });
  }

  private UserRepository repository() {
    if (repository == null) {
      throw Users.noDatabase();
    }
    return repository;
  }
}
