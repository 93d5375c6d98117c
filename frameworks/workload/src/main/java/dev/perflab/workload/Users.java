package dev.perflab.workload;

import java.util.regex.Pattern;

/**
 * Contract v2's users resource, minus storage: id parsing, input validation, the error texts and
 * the {@code Location} of a created user. Storage is each framework's own data stack over the
 * table that {@code db/migration/V1__create_users.sql} (in this jar) creates.
 *
 * <p>Order of checks in every app: the id (400), then the body (400), then whether there is a
 * database at all (503, see {@link #noDatabase}), then existence (404), then the unique email (409,
 * detected by the database's unique constraint, so it holds under races).
 */
public final class Users {

  /** The environment variable with the database's JDBC URL; absent or empty, the app has no database. */
  public static final String DATABASE_URL_ENV = "DATABASE_URL";

  public static final int NAME_MAX_LENGTH = 100;
  public static final int EMAIL_MAX_LENGTH = 254;

  /** Deliberately simple: one {@code @}, no whitespace, a dot in the domain. */
  private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

  private Users() {}

  /** The {@code {id}} path segment, as raw text: a positive 64-bit integer. */
  public static long id(String raw) {
    long id;
    try {
      id = Long.parseLong(raw);
    } catch (NumberFormatException e) {
      id = 0;
    }
    if (id <= 0) {
      throw new BadRequestException("path parameter 'id' must be a positive integer, got '" + raw + "'");
    }
    return id;
  }

  /** Returns the input unchanged if valid; what is stored is exactly what was sent. */
  public static UserInput validate(UserInput input) {
    if (input == null) {
      throw new BadRequestException(ErrorResponse.malformedBody().error());
    }
    String name = input.name();
    if (name == null) {
      throw new BadRequestException("field 'name' is required");
    }
    if (name.isBlank()) {
      throw new BadRequestException("field 'name' must not be blank");
    }
    if (name.length() > NAME_MAX_LENGTH) {
      throw new BadRequestException("field 'name' must be at most " + NAME_MAX_LENGTH + " characters");
    }
    requirePrintable("name", name);
    String email = input.email();
    if (email == null) {
      throw new BadRequestException("field 'email' is required");
    }
    if (email.length() > EMAIL_MAX_LENGTH) {
      throw new BadRequestException("field 'email' must be at most " + EMAIL_MAX_LENGTH + " characters");
    }
    requirePrintable("email", email);
    if (!EMAIL.matcher(email).matches()) {
      throw new BadRequestException("field 'email' must be a valid email address, got '" + email + "'");
    }
    return input;
  }

  /**
   * Control characters are never part of a name or an address, and PostgreSQL cannot store U+0000
   * at all (it would be a 500); a lone surrogate is not text either (its UTF-8 would be a '?').
   */
  private static void requirePrintable(String field, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean loneSurrogate = Character.isHighSurrogate(c)
          ? i + 1 == value.length() || !Character.isLowSurrogate(value.charAt(++i))
          : Character.isLowSurrogate(c);
      if (Character.isISOControl(c) || loneSurrogate) {
        throw new BadRequestException(
            "field '" + field + "' must not contain control characters or lone surrogates");
      }
    }
  }

  /** Whether {@code databaseUrl}, the value of {@link #DATABASE_URL_ENV} or null, configures a database. */
  public static boolean databaseConfigured(String databaseUrl) {
    return databaseUrl != null && !databaseUrl.isEmpty();
  }

  /**
   * What every users request answers when the app started without a database: after the id and
   * the body are validated (bad input is refused alike with or without one), instead of the read
   * or write it would make.
   */
  public static UnavailableException noDatabase() {
    return new UnavailableException("no database is configured (" + DATABASE_URL_ENV + " is not set)");
  }

  public static NotFoundException notFound(long id) {
    return new NotFoundException("user " + id + " not found");
  }

  public static ConflictException emailInUse(String email) {
    return new ConflictException("email '" + email + "' is already in use");
  }

  /** The {@code Location} header of a 201: a path, so it reads the same behind any host name. */
  public static String location(long id) {
    return "/users/" + id;
  }
}
