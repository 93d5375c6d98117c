package dev.perflab.harness.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Apache ECharts' bundled {@code echarts.min.js}, read from its webjar (org.webjars.npm:echarts,
 * version pinned in the root POM) so that every page can inline it and open offline.
 */
public final class EchartsLibrary {

  private static final String WEBJAR_PROPERTIES = "META-INF/maven/org.webjars.npm/echarts/pom.properties";
  private static final String SCRIPT_PATH = "META-INF/resources/webjars/echarts/%s/dist/echarts.min.js";

  private EchartsLibrary() {}

  /** The webjar's version, e.g. 5.3.1. */
  public static String version() {
    return Holder.VERSION;
  }

  /** The minified library, about 1 MB. */
  public static String script() {
    return Holder.SCRIPT;
  }

  /** Read once, on first use: every page of a run inlines the same text. */
  private static final class Holder {
    static final String VERSION = readVersion();
    static final String SCRIPT = readScript(VERSION);

    private static String readVersion() {
      Properties properties = new Properties();
      try (InputStream in = open(WEBJAR_PROPERTIES)) {
        properties.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + WEBJAR_PROPERTIES, e);
      }
      String version = properties.getProperty("version");
      if (version == null) {
        throw new IllegalStateException(WEBJAR_PROPERTIES + " has no version property");
      }
      return version;
    }

    private static String readScript(String version) {
      String path = SCRIPT_PATH.formatted(version);
      try (InputStream in = open(path)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + path, e);
      }
    }

    private static InputStream open(String path) {
      InputStream in = EchartsLibrary.class.getClassLoader().getResourceAsStream(path);
      if (in == null) {
        throw new IllegalStateException(path + " is not on the class path: the HTML report inlines ECharts from"
            + " the webjar org.webjars.npm:echarts, a dependency of perf-tests (version: echarts.version in the"
            + " root pom.xml)");
      }
      return in;
    }
  }
}
