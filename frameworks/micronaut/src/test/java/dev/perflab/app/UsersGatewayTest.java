package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.workload.UsersGateway;
import dev.perflab.workload.UsersThroughGateway;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The app started as a users gateway (USERS_URL) in front of a stand-in users service: contract v4's gateway role.
 * Unlike the other three apps, it answers a browser's CORS preflight 405: Micronaut dispatches no preflight without
 * its CORS filter (micronaut.server.cors.enabled), which this app leaves off as the others leave theirs.
 */
class UsersGatewayTest {

  @Test
  void sendsEveryUsersRequestOnKeepsThePreflightsAndIsA502WithoutTheUsersService() throws Exception {
    try (UsersThroughGateway usersService = UsersThroughGateway.start();
        EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
            Map.of("micronaut.server.port", -1, UsersGateway.ENV, usersService.url()))) {
      usersService.assertForwarded(server.getURI());
      int forwarded = usersService.received().size();
      assertThat(UsersThroughGateway.preflights(server.getURI())).allSatisfy((preflight, response) ->
          assertThat(response.statusCode()).as("%s, the app's own answer", preflight).isEqualTo(405));
      assertThat(usersService.received()).as("preflights sent on").hasSize(forwarded);
      usersService.assertUnreachableOnceClosed(server.getURI());
    }
  }
}
