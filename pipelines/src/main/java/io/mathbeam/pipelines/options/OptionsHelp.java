package io.mathbeam.pipelines.options;

import java.io.PrintStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Hidden;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * {@code <command> --help}: mathbeam's own options, grouped by the interface that declares them,
 * each with its default as the user would write it (an {@code InstanceFactory} default is shown by
 * its {@link DescribedDefault} words, never its class name). Beam's own options (runner internals,
 * {@code --appName}, {@code --stableUniqueNames}, ...) are left to {@code --help=all}, which prints
 * Beam's full listing after ours.
 */
public final class OptionsHelp {
  static final String ALL = "--help=all";

  private OptionsHelp() {}

  /**
   * Prints {@code usage}, a blank line and the help of {@code options} when a command's arguments
   * ask for it; returns whether they did.
   */
  public static boolean answered(
      String[] args, PrintStream out, String usage, Class<? extends PipelineOptions> options) {
    if (!asked(args)) {
      return false;
    }
    out.println(usage + "\n");
    print(out, options, all(args));
    return true;
  }

  /** Whether a command's arguments ask for its help ({@code --help} or {@code --help=all}). */
  public static boolean asked(String[] args) {
    return all(args) || Arrays.asList(args).contains("--help");
  }

  /** Whether a command's arguments ask for Beam's options too ({@code --help=all}). */
  private static boolean all(String[] args) {
    return Arrays.asList(args).contains(ALL);
  }

  static void print(PrintStream out, Class<? extends PipelineOptions> options, boolean all) {
    for (Class<?> group : mathbeamInterfaces(options)) {
      List<Method> getters = new ArrayList<>();
      for (Method m : group.getDeclaredMethods()) {
        if (m.getParameterCount() == 0
            && (m.getName().startsWith("get") || m.getName().startsWith("is"))
            && m.getAnnotation(Hidden.class) == null) {
          getters.add(m);
        }
      }
      if (getters.isEmpty()) {
        continue;
      }
      getters.sort(Comparator.comparing(OptionsHelp::property));
      out.println(group.getSimpleName() + ":");
      for (Method getter : getters) {
        out.println(
            "  --" + property(getter) + "=<" + getter.getReturnType().getSimpleName() + ">");
        String defaultValue = defaultOf(getter);
        if (defaultValue != null) {
          out.println("    Default: " + defaultValue);
        }
        Description d = getter.getAnnotation(Description.class);
        if (d != null) {
          out.println("    " + d.value());
        }
      }
      out.println();
    }
    if (all) {
      out.println("Beam and runner options:\n");
      PipelineOptionsFactory.printHelp(out, options);
    } else {
      out.println(
          "Beam and runner options (--runner, --parallelism, --flinkMaster, --awsRegion,"
              + " --enforceImmutability, --fasterCopy, ...): "
              + ALL);
    }
  }

  /** The interfaces of mathbeam that {@code options} is made of, depth first, each once. */
  private static Set<Class<?>> mathbeamInterfaces(Class<?> options) {
    Set<Class<?>> out = new LinkedHashSet<>();
    collect(options, out);
    return out;
  }

  private static void collect(Class<?> type, Set<Class<?>> out) {
    if (!type.getPackageName().startsWith("io.mathbeam")) {
      return;
    }
    for (Class<?> parent : type.getInterfaces()) {
      collect(parent, out);
    }
    out.add(type);
  }

  private static String property(Method getter) {
    String n = getter.getName();
    String rest = n.startsWith("get") ? n.substring(3) : n.substring(2);
    return java.beans.Introspector.decapitalize(rest);
  }

  /** The default in words, or null when the option has none. */
  static String defaultOf(Method getter) {
    for (Annotation a : getter.getAnnotations()) {
      if (a instanceof Default.InstanceFactory f) {
        try {
          Object factory = f.value().getDeclaredConstructor().newInstance();
          return factory instanceof DescribedDefault d
              ? d.describeDefault()
              : "computed when the run starts";
        } catch (ReflectiveOperationException e) {
          return "computed when the run starts";
        }
      }
      if (a.annotationType().getEnclosingClass() == Default.class) {
        try {
          Object value = a.annotationType().getMethod("value").invoke(a);
          return value instanceof Class<?> c
              ? c.getSimpleName()
              : value.getClass().isArray() ? Arrays.toString((Object[]) value) : value.toString();
        } catch (ReflectiveOperationException e) {
          return null;
        }
      }
    }
    return null;
  }
}
