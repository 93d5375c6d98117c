package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.workload.UsersGateway;
import dev.perflab.workload.UsersThroughGateway;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The app started as a users gateway (USERS_URL) in front of a stand-in users service: contract v4's gateway role. */
class UsersGatewayTest {

  @Test
  void sendsEveryUsersRequestOnAnswersItsOwnPreflightsAndIsA502WithoutTheUsersService() throws Exception {
    try (UsersThroughGateway usersService = UsersThroughGateway.start();
        ConfigurableApplicationContext app = new SpringApplicationBuilder(PerflabApplication.class)
            .run("--server.port=0", "--DATABASE_URL=", "--" + UsersGateway.ENV + "=" + usersService.url())) {
      URI base = URI.create("http://localhost:" + app.getEnvironment().getProperty("local.server.port"));
      usersService.assertForwarded(base);
      int forwarded = usersService.received().size();
      UsersThroughGateway.assertPreflightsAnswered(base);
      assertThat(usersService.received()).as("preflights sent on").hasSize(forwarded);
      usersService.assertUnreachableOnceClosed(base);
    }
  }
}
