package dev.perflab.app;

import dev.perflab.workload.User;
import dev.perflab.workload.UserInput;
import dev.perflab.workload.Users;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.Status;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import java.net.URI;
import java.util.Optional;

/**
 * Users on PostgreSQL through blocking JDBC, so every method runs off the event loop. The id is
 * bound as raw text and the body through PerflabApplication's strict reader; the workload
 * validates both. A taken email is left to the unique constraint (see ErrorHandlers.emailConflict).
 * Without a database (DatabaseSwitch) there is no repository: each request is validated as
 * always, then answered 503 where it would have used the database.
 */
@Controller("/users")
class UsersEndpoint {

  /** Null without a database. */
  private final UserRepository repository;

  UsersEndpoint(Optional<UserRepository> repository) {
    this.repository = repository.orElse(null);
  }

  @Post
  @ExecuteOn(TaskExecutors.BLOCKING)
  HttpResponse<User> create(@Body UserInput body) {
    UserInput input = Users.validate(body);
    User user;
    try {
      user = repository().save(new UserEntity(null, input.name(), input.email())).toUser();
    } catch (DataAccessException e) {
      throw ErrorHandlers.emailConflict(e, input.email());
    }
    return HttpResponse.created(user, URI.create(Users.location(user.id())));
  }

  @Get("/{id}")
  @ExecuteOn(TaskExecutors.BLOCKING)
  User get(@PathVariable String id) {
    long userId = Users.id(id);
    return repository().findById(userId).map(UserEntity::toUser).orElseThrow(() -> Users.notFound(userId));
  }

  @Put("/{id}")
  @ExecuteOn(TaskExecutors.BLOCKING)
  User replace(@PathVariable String id, @Body UserInput body) {
    long userId = Users.id(id);
    UserInput input = Users.validate(body);
    long updated;
    try {
      updated = repository().update(userId, input.name(), input.email());
    } catch (DataAccessException e) {
      throw ErrorHandlers.emailConflict(e, input.email());
    }
    if (updated == 0) {
      throw Users.notFound(userId);
    }
    return new User(userId, input.name(), input.email());
  }

  @Delete("/{id}")
  @ExecuteOn(TaskExecutors.BLOCKING)
  @Status(HttpStatus.NO_CONTENT)
  void delete(@PathVariable String id) {
    long userId = Users.id(id);
    if (repository().removeById(userId) == 0) {
      throw Users.notFound(userId);
    }
  }

  private UserRepository repository() {
    if (repository == null) {
      throw Users.noDatabase();
    }
    return repository;
  }
}
