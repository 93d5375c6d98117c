package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class UsersGatewayTest {

  @Test
  void anAppIsAGatewayOnlyWithAUsersUrlOfAHostAndPort() {
    assertThat(UsersGateway.target(null)).isEmpty();
    assertThat(UsersGateway.target("  ")).isEmpty();
    assertThat(UsersGateway.target("http://rest:8080")).hasValue(URI.create("http://rest:8080"));
    for (String wrong : new String[] {"rest:8080", "http://rest", "https://rest:8443", "http://rest:8080/users",
        "http://rest:8080?x=1", "http://user@rest:8080", "http://re st:8080"}) {
      assertThatThrownBy(() -> UsersGateway.target(wrong)).as(wrong)
          .hasMessage("USERS_URL must be http://host:port (e.g. http://rest:8080), got '" + wrong + "'");
    }
  }

  @Test
  void onlyTheUsersResourcesMethodsGoTheRestIsTheGatewaysOwn() {
    assertThat(UsersGateway.forwards("POST", "/users")).isTrue();
    assertThat(UsersGateway.forwards("DELETE", "/users/7")).isTrue();
    assertThat(UsersGateway.forwards("OPTIONS", "/users/7")).as("a CORS preflight").isFalse();
    assertThat(UsersGateway.forwards("GET", "/usersX")).isFalse();
    assertThat(UsersGateway.forwards("GET", "/node/submit")).isFalse();
    assertThat(UsersGateway.url(URI.create("http://rest:8080"), "/users/7?a=%20b"))
        .isEqualTo(URI.create("http://rest:8080/users/7?a=%20b"));
  }

  @Test
  void noAnswerIsA502NamingTheHost() {
    URI rest = URI.create("http://rest:8080");
    assertThat(UsersGateway.unreachable(rest).status()).isEqualTo(502);
    assertThat(UsersGateway.unreachableJson(rest)).isEqualTo("{\"error\":\"downstream 'rest' unreachable\"}");
  }
}
