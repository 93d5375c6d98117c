package dev.perflab.harness.config;

/**
 * A human-edited file (catalog, budgets) is wrong. The message names the file, the line, the
 * field and what was expected, so the reader can fix it without reading harness code.
 */
public final class ConfigFileException extends RuntimeException {

  public ConfigFileException(String source, int line, String field, String problem) {
    super(source + (line > 0 ? " line " + line : "") + (field.isEmpty() ? "" : ", field '" + field + "'")
        + ": " + problem);
  }

  public ConfigFileException(String source, String problem) {
    super(source + ": " + problem);
  }
}
