package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UsersTest {

  @Test
  void parsesPositiveIdsAndRefusesTheRest() {
    assertThat(Users.id("42")).isEqualTo(42L);
    for (String raw : new String[] {"0", "-1", "abc", "1.5", "99999999999999999999", ""}) {
      assertThatThrownBy(() -> Users.id(raw))
          .isInstanceOf(BadRequestException.class)
          .hasMessage("path parameter 'id' must be a positive integer, got '" + raw + "'");
    }
  }

  @Test
  void acceptsAValidUserUnchanged() {
    UserInput input = new UserInput(" Ada ", "ada@example.com");
    assertThat(Users.validate(input)).isSameAs(input);
  }

  @Test
  void wordsEachInvalidField() {
    assertInvalid(new UserInput(null, "a@b.c"), "field 'name' is required");
    assertInvalid(new UserInput("  ", "a@b.c"), "field 'name' must not be blank");
    assertInvalid(new UserInput("x".repeat(101), "a@b.c"), "field 'name' must be at most 100 characters");
    assertInvalid(new UserInput("Ada", null), "field 'email' is required");
    assertInvalid(new UserInput("Ada", "ada.example.com"),
        "field 'email' must be a valid email address, got 'ada.example.com'");
    assertInvalid(new UserInput("Ada", "a da@b.c"), "field 'email' must be a valid email address, got 'a da@b.c'");
    assertInvalid(new UserInput("Ada", "a@" + "b".repeat(251) + ".c"), "field 'email' must be at most 254 characters");
    assertThat(Users.validate(new UserInput("x".repeat(100), "a@" + "b".repeat(250) + ".c")).name()).hasSize(100);
  }

  @Test
  void refusesControlCharactersAndLoneSurrogates() {
    assertInvalid(new UserInput("A\u0000da", "a@b.c"), "field 'name' must not contain control characters or lone surrogates");
    assertInvalid(new UserInput("Ada\ud800", "a@b.c"), "field 'name' must not contain control characters or lone surrogates");
    assertInvalid(new UserInput("\udc00Ada", "a@b.c"), "field 'name' must not contain control characters or lone surrogates");
    assertInvalid(new UserInput("Ada", "a\u007f@b.c"), "field 'email' must not contain control characters or lone surrogates");
    assertThat(Users.validate(new UserInput("Ada \ud83d\ude00", "a@b.c")).name()).endsWith("\ud83d\ude00");
  }

  @Test
  void namesTheStatusOfNotFoundAndConflict() {
    assertThat(Users.notFound(7).status()).isEqualTo(404);
    assertThat(Users.notFound(7).body().error()).isEqualTo("user 7 not found");
    assertThat(Users.emailInUse("a@b.c").status()).isEqualTo(409);
    assertThat(Users.emailInUse("a@b.c").body().error()).isEqualTo("email 'a@b.c' is already in use");
    assertThat(Users.location(3)).isEqualTo("/users/3");
  }

  @Test
  void withoutADatabaseUrlThereIsNoDatabaseAndUsersAre503() {
    assertThat(Users.databaseConfigured(null)).isFalse();
    assertThat(Users.databaseConfigured("")).isFalse();
    assertThat(Users.databaseConfigured("jdbc:postgresql://postgres:5432/perflab")).isTrue();
    assertThat(Users.noDatabase().status()).isEqualTo(503);
    assertThat(Users.noDatabase().body().error()).isEqualTo("no database is configured (DATABASE_URL is not set)");
  }

  private static void assertInvalid(UserInput input, String message) {
    assertThatThrownBy(() -> Users.validate(input)).isInstanceOf(BadRequestException.class).hasMessage(message);
  }
}
