package io.mathbeam.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which {@code io.mathbeam} packages each package of a source tree refers to, read from the source
 * files (imports and qualified names in code; comments and string literals left out), so that the
 * layering tests can hold the package graph without a bytecode library.
 */
public final class PackageImports {
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
  private static final Pattern COMMENT = Pattern.compile("(?s)/\\*.*?\\*/|//[^\\n]*");
  private static final Pattern STRING = Pattern.compile("\"(\\\\.|[^\"\\\\\\n])*\"");

  /** A qualified name: the lower-case segments are the package, the first capital the type. */
  private static final Pattern REFERENCE =
      Pattern.compile("\\b(io\\.mathbeam(?:\\.[a-z0-9_]+)*)\\.[A-Z]");

  /** Package, the package it refers to, the files that do. */
  private final Map<String, Map<String, Set<String>>> references;

  private PackageImports(Map<String, Map<String, Set<String>>> references) {
    this.references = references;
  }

  /** Reads every {@code .java} file under {@code sourceRoot}. */
  public static PackageImports read(Path sourceRoot) {
    if (!Files.isDirectory(sourceRoot)) {
      throw new IllegalArgumentException("no source tree at " + sourceRoot.toAbsolutePath());
    }
    Map<String, Map<String, Set<String>>> references = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sourceRoot)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        add(references, file.getFileName().toString(), Files.readString(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new PackageImports(references);
  }

  /** The graph of the given sources, file name to text (for the tests of this class). */
  public static PackageImports of(Map<String, String> sources) {
    Map<String, Map<String, Set<String>>> references = new TreeMap<>();
    sources.forEach((name, text) -> add(references, name, text));
    return new PackageImports(references);
  }

  private static void add(
      Map<String, Map<String, Set<String>>> references, String fileName, String text) {
    Matcher declared = PACKAGE.matcher(text);
    if (!declared.find()) {
      return;
    }
    String from = declared.group(1);
    Map<String, Set<String>> targets = references.computeIfAbsent(from, p -> new TreeMap<>());
    String code = STRING.matcher(COMMENT.matcher(text).replaceAll(" ")).replaceAll("\"\"");
    Matcher m = REFERENCE.matcher(code);
    while (m.find()) {
      if (!m.group(1).equals(from)) {
        targets.computeIfAbsent(m.group(1), p -> new TreeSet<>()).add(fileName);
      }
    }
  }

  public Set<String> packages() {
    return references.keySet();
  }

  /**
   * A cycle of package references, its first package repeated at its end ({@code a -> b -> a}), or
   * an empty list when the graph is acyclic. Only packages of this source tree are followed.
   */
  public List<String> cycle() {
    Map<String, Integer> state = new TreeMap<>(); // absent: unseen, 1: on the path, 2: done
    List<String> path = new ArrayList<>();
    for (String start : references.keySet()) {
      List<String> found = cycleFrom(start, state, path);
      if (!found.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  private List<String> cycleFrom(String pkg, Map<String, Integer> state, List<String> path) {
    Integer s = state.get(pkg);
    if (s != null && s == 2) {
      return List.of();
    }
    if (s != null) {
      List<String> cycle = new ArrayList<>(path.subList(path.indexOf(pkg), path.size()));
      cycle.add(pkg);
      return cycle;
    }
    state.put(pkg, 1);
    path.add(pkg);
    for (String next : references.getOrDefault(pkg, Map.of()).keySet()) {
      if (references.containsKey(next)) {
        List<String> found = cycleFrom(next, state, path);
        if (!found.isEmpty()) {
          return found;
        }
      }
    }
    path.remove(path.size() - 1);
    state.put(pkg, 2);
    return List.of();
  }

  /** Fails, naming the packages of a cycle, when the graph has one. */
  public void assertAcyclic() {
    List<String> cycle = cycle();
    if (!cycle.isEmpty()) {
      throw new AssertionError("package cycle: " + String.join(" -> ", cycle));
    }
  }

  /**
   * Each reference from a package {@code from} accepts to one {@code to} accepts, as {@code "a.b ->
   * c.d (File.java, ...)"}.
   */
  public List<String> references(Predicate<String> from, Predicate<String> to) {
    List<String> found = new ArrayList<>();
    references.forEach(
        (source, targets) -> {
          if (from.test(source)) {
            targets.forEach(
                (target, files) -> {
                  if (to.test(target)) {
                    found.add(source + " -> " + target + " " + files);
                  }
                });
          }
        });
    return found;
  }

  /** Whether {@code pkg} is {@code root} or a package below it. */
  public static boolean within(String pkg, String root) {
    return pkg.equals(root) || pkg.startsWith(root + ".");
  }
}
