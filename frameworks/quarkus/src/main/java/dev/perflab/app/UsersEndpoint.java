package dev.perflab.app;

import dev.perflab.workload.User;
import dev.perflab.workload.UserInput;
import dev.perflab.workload.Users;
import io.smallrye.common.annotation.Blocking;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.RestResponse;

// JDBC blocks: @Blocking keeps every method on a worker thread, off the Vert.x event loops.
// Without a database (DatabaseSwitch) each request is validated as always, then answered 503
// where it would have used the database.
@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
class UsersEndpoint {

  /** Null without a database: the repository's persistence unit is inactive then. */
  private final UserRepository repository;

  UsersEndpoint(UserRepository repository, @ConfigProperty(name = DatabaseSwitch.ACTIVE) boolean database) {
    this.repository = database ? repository : null;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Transactional
  public RestResponse<User> create(UserInput input) {
    UserInput valid = Users.validate(input);
    UserEntity entity = new UserEntity().assign(valid);
    write(valid.email(), () -> repository().persist(entity));
    User user = entity.toUser();
    return RestResponse.ResponseBuilder.<User>created(URI.create(Users.location(user.id())))
        .entity(user)
        .build();
  }

  @GET
  @Path("/{id}")
  public User get(@PathParam("id") String rawId) {
    long id = Users.id(rawId);
    return repository().findByIdOptional(id).orElseThrow(() -> Users.notFound(id)).toUser();
  }

  @PUT
  @Path("/{id}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Transactional
  public User replace(@PathParam("id") String rawId, UserInput input) {
    long id = Users.id(rawId);
    UserInput valid = Users.validate(input);
    UserEntity entity = repository().findByIdOptional(id).orElseThrow(() -> Users.notFound(id));
    write(valid.email(), () -> entity.assign(valid));
    return entity.toUser();
  }

  @DELETE
  @Path("/{id}")
  @Transactional
  public void delete(@PathParam("id") String rawId) {
    long id = Users.id(rawId);
    if (!repository().deleteById(id)) {
      throw Users.notFound(id);
    }
  }

  private UserRepository repository() {
    if (repository == null) {
      throw Users.noDatabase();
    }
    return repository;
  }

  // Flushed here, not at commit: the database's unique violation surfaces inside this method,
  // where the email it is about is known, and leaves as the contract's 409.
  private void write(String email, Runnable change) {
    try {
      change.run();
      repository.flush();
    } catch (PersistenceException e) {
      throw ErrorHandlers.emailInUse(e, email);
    }
  }
}
