package dev.perflab.harness.build;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;

/**
 * A Java agent that loads, links and initialises a given number of generated classes before the application's
 * main method runs: a start that does more work of a known size in the JVM's own counters (classes loaded, class
 * data, class-loading time), as a dependency or bean that pulls in more classes does. Each class is a small final
 * class with fields and static methods, defined into the application class loader and initialised, so the JVM parses,
 * verifies and links it as it would an application's. {@link ClassLoadingVariant} puts it into a copy of an image;
 * this class is copied alone into the agent jar, so it must use nothing but the JDK and have no nested classes.
 */
public final class ClassLoadingAgent {

  private static final int FIELDS = 8;
  private static final int METHODS = 4;

  private ClassLoadingAgent() {}

  /** {@code -javaagent:class-loading.jar=<classes>}. */
  public static void premain(String classes) throws IllegalAccessException {
    int count = Integer.parseInt(classes.strip());
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    String prefix = ClassLoadingAgent.class.getName().replace('.', '/') + "$Injected";
    for (int i = 0; i < count; i++) {
      lookup.ensureInitialized(lookup.defineClass(classFile(prefix + i)));
    }
  }

  /**
   * A class file (version 52, so no stack maps are needed) of a public final class {@code internalName} with
   * {@value #FIELDS} private static int fields and {@value #METHODS} methods {@code static int mN(int x)} returning
   * {@code x + 1}.
   */
  static byte[] classFile(String internalName) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(0xCAFEBABE);
      out.writeShort(0);
      out.writeShort(52);
      // #1 this name, #2 this class, #3 Object's name, #4 Object, #5 "I", #6 "(I)I", #7 "Code", then the names.
      out.writeShort(8 + FIELDS + METHODS);
      utf8(out, internalName);
      classRef(out, 1);
      utf8(out, "java/lang/Object");
      classRef(out, 3);
      utf8(out, "I");
      utf8(out, "(I)I");
      utf8(out, "Code");
      for (int f = 0; f < FIELDS; f++) {
        utf8(out, "f" + f);
      }
      for (int m = 0; m < METHODS; m++) {
        utf8(out, "m" + m);
      }
      out.writeShort(0x0031); // public final super
      out.writeShort(2);
      out.writeShort(4);
      out.writeShort(0); // interfaces
      out.writeShort(FIELDS);
      for (int f = 0; f < FIELDS; f++) {
        out.writeShort(0x000A); // private static
        out.writeShort(8 + f);
        out.writeShort(5);
        out.writeShort(0);
      }
      out.writeShort(METHODS);
      for (int m = 0; m < METHODS; m++) {
        out.writeShort(0x0009); // public static
        out.writeShort(8 + FIELDS + m);
        out.writeShort(6);
        out.writeShort(1);
        out.writeShort(7); // Code
        out.writeInt(16);
        out.writeShort(2); // max stack
        out.writeShort(1); // max locals
        out.writeInt(4);
        out.write(new byte[] {0x1a, 0x04, 0x60, (byte) 0xac}); // iload_0 iconst_1 iadd ireturn
        out.writeShort(0); // exception table
        out.writeShort(0); // attributes
      }
      out.writeShort(0); // class attributes
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void utf8(DataOutputStream out, String value) throws IOException {
    out.writeByte(1);
    out.writeUTF(value);
  }

  private static void classRef(DataOutputStream out, int nameIndex) throws IOException {
    out.writeByte(7);
    out.writeShort(nameIndex);
  }
}
