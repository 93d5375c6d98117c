package dev.perflab.harness.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

class ClassLoadingAgentTest {

  @Test
  void aGeneratedClassLoadsVerifiesAndRuns() throws Exception {
    byte[] bytes = ClassLoadingAgent.classFile("dev/perflab/harness/build/ClassLoadingAgentTest$Probe");
    Class<?> probe = new ClassLoader(getClass().getClassLoader()) {
      Class<?> define() {
        return defineClass(null, bytes, 0, bytes.length);
      }
    }.define();

    assertThat(Modifier.isFinal(probe.getModifiers())).isTrue();
    assertThat(probe.getDeclaredFields()).hasSize(8);
    assertThat(probe.getDeclaredMethod("m3", int.class).invoke(null, 41)).isEqualTo(42);
  }

  @Test
  void theAgentLoadsTheClassesAsked() throws Exception {
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    long before = classes.getTotalLoadedClassCount();
    ClassLoadingAgent.premain(" 0 ");
    assertThat(classes.getTotalLoadedClassCount()).as("none asked, none loaded").isEqualTo(before);

    ClassLoadingAgent.premain("25");

    // The defining path's own JDK classes may load once, beside the 25.
    assertThat(classes.getTotalLoadedClassCount() - before).isBetween(25L, 40L);
    assertThat(Class.forName(ClassLoadingAgent.class.getName() + "$Injected24")).isNotNull();
    assertThatThrownBy(() -> ClassLoadingAgent.premain("1")).isInstanceOf(LinkageError.class)
        .as("the same names again: each start defines them once");
  }
}
