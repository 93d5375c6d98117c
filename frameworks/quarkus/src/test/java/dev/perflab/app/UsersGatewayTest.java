package dev.perflab.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.workload.UsersGateway;
import dev.perflab.workload.UsersThroughGateway;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The app started as a users gateway (USERS_URL) in front of a stand-in users service: contract v4's gateway role. */
@QuarkusTest
@WithTestResource(UsersGatewayTest.UsersService.class)
class UsersGatewayTest {

  /** Starts the stand-in before the app, whose USERS_URL names it, and hands it to the test. */
  public static class UsersService implements QuarkusTestResourceLifecycleManager {

    private UsersThroughGateway service;

    @Override
    public Map<String, String> start() {
      try {
        service = UsersThroughGateway.start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return Map.of(UsersGateway.ENV, service.url());
    }

    @Override
    public void inject(TestInjector injector) {
      injector.injectIntoFields(service, new TestInjector.MatchesType(UsersThroughGateway.class));
    }

    @Override
    public void stop() {
      service.close();
    }
  }

  @TestHTTPResource("/")
  URI base;

  UsersThroughGateway usersService;

  @Test
  void sendsEveryUsersRequestOnAnswersItsOwnPreflightsAndIsA502WithoutTheUsersService() throws Exception {
    usersService.assertForwarded(base);
    int forwarded = usersService.received().size();
    UsersThroughGateway.assertPreflightsAnswered(base);
    assertThat(usersService.received()).as("preflights sent on").hasSize(forwarded);
    usersService.assertUnreachableOnceClosed(base);
  }
}
