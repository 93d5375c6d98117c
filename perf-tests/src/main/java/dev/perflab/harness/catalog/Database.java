package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * The PostgreSQL every app's users endpoints store into (contract v2), reached on the lab
 * network by alias. Each app container gets a database of its own on it.
 */
public record Database(String image, String alias, int port, String user, String password) {

  public Database {
    required(image, "image");
    required(alias, "alias");
    required(user, "user");
    required(password, "password");
  }

  /** The JDBC URL of database {@code name} as the apps see it, on the lab network. */
  public String jdbcUrl(String name) {
    return "jdbc:postgresql://" + alias + ":" + port + "/" + name;
  }
}
