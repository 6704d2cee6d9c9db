package io.mathbeam.pipelines.options;

import io.mathbeam.core.text.NearestName;
import java.beans.Introspector;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/**
 * The options a command accepts, and the message for one it does not: {@code unknown option
 * '--temprature' (did you mean '--temperature'?)}. Every command says it the same way; Beam's own
 * refusal ("Class interface ... missing a property named ...") names an interface the user never
 * sees.
 */
public final class KnownOptions {
  private KnownOptions() {}

  /** "unknown option '--x'" with a hint at the nearest known option, if one is close. */
  public static String unknown(String arg, Collection<String> known) {
    String name = name(arg);
    return "unknown option '" + name + "'" + NearestName.hint(name, known);
  }

  /** {@code --name} of an argument {@code --name=value} (or a bare flag). */
  static String name(String arg) {
    int eq = arg.indexOf('=');
    return eq < 0 ? arg : arg.substring(0, eq);
  }

  /**
   * Refuses the first argument that names no option of {@code options} nor of an interface Beam
   * registers (runner options), before Beam parses them.
   *
   * @throws IllegalArgumentException with {@link #unknown}'s message
   */
  public static void check(String[] args, Class<? extends PipelineOptions> options) {
    Set<String> known = of(options);
    for (String arg : args) {
      if (arg.startsWith("--") && !known.contains(name(arg))) {
        throw new IllegalArgumentException(unknown(arg, known));
      }
    }
  }

  /** {@code --name} of every property of {@code options} and of Beam's registered interfaces. */
  static Set<String> of(Class<? extends PipelineOptions> options) {
    Set<String> known = new LinkedHashSet<>();
    addProperties(options, known);
    for (Class<? extends PipelineOptions> registered :
        PipelineOptionsFactory.getRegisteredOptions()) {
      addProperties(registered, known);
    }
    known.add("--help");
    return known;
  }

  private static void addProperties(Class<?> options, Set<String> known) {
    for (Method m : options.getMethods()) {
      if (m.getParameterCount() != 0 || m.getDeclaringClass() == Object.class) {
        continue;
      }
      String n = m.getName();
      String property =
          n.startsWith("get") && n.length() > 3
              ? n.substring(3)
              : n.startsWith("is") && n.length() > 2 ? n.substring(2) : null;
      if (property != null) {
        known.add("--" + Introspector.decapitalize(property));
      }
    }
  }
}
