package io.mathbeam.pipelines.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A static class-data-sharing archive built from the class lists of child JVMs, the way {@code
 * bin/mathbeam} builds its own: the children list what they load ({@code -XX:DumpLoadedClassList}),
 * the lists are merged, and a JVM of its own dumps the archive ({@code -Xshare:dump}); later
 * children map it. The archive only holds classes from jars: a class path with non-empty
 * directories (a test's, an IDE's) cannot be dumped, and {@link #dump} says so by returning false.
 */
final class ClassArchive {
  /** A dump of a Flink run's 14,500 classes took about 9 s here; anything far longer is stuck. */
  private static final Duration DUMP_TIMEOUT = Duration.ofMinutes(5);

  private ClassArchive() {}

  /** The option that makes a child JVM write the classes it loads to {@code list}. */
  static String listOption(Path list) {
    return "-XX:DumpLoadedClassList=" + list.toAbsolutePath();
  }

  /**
   * The options that map {@code archive}. {@code -Xshare:auto} keeps a JVM that cannot map it
   * running (as without one); the CDS log stays off so that children's logs hold only their own
   * output.
   */
  static List<String> mapOptions(Path archive) {
    return List.of(
        "-XX:SharedArchiveFile=" + archive.toAbsolutePath(), "-Xshare:auto", "-Xlog:cds=off");
  }

  /**
   * Writes the union of {@code lists} to {@code merged}: every entry once, in the order first seen
   * (a class's list entry may rely on one listed before it), without the JDK's comment lines. A
   * list that does not exist is skipped.
   *
   * @return the number of entries written
   */
  static int merge(List<Path> lists, Path merged) throws IOException {
    Set<String> entries = new LinkedHashSet<>();
    for (Path list : lists) {
      if (!Files.exists(list)) {
        continue;
      }
      for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
        String entry = line.strip();
        if (!entry.isEmpty() && !entry.startsWith("#")) {
          entries.add(entry);
        }
      }
    }
    Files.write(merged, entries, StandardCharsets.UTF_8);
    return entries.size();
  }

  /**
   * Dumps an archive of the classes in {@code list} found on {@code classPath} to {@code archive},
   * in a JVM of its own whose output goes to {@code log}.
   *
   * @return whether the archive was written; on false there is no file at {@code archive} and the
   *     log says why
   */
  static boolean dump(Path list, Path archive, String classPath, Path log)
      throws IOException, InterruptedException {
    Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
    Files.deleteIfExists(partial);
    Files.deleteIfExists(archive);
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xshare:dump");
    command.add("-XX:SharedClassListFile=" + list.toAbsolutePath());
    command.add("-XX:SharedArchiveFile=" + partial.toAbsolutePath());
    command.add("-cp");
    command.add(classPath);
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(DUMP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      Files.deleteIfExists(partial);
      return false;
    }
    if (process.exitValue() != 0 || !Files.isRegularFile(partial) || Files.size(partial) == 0) {
      Files.deleteIfExists(partial);
      return false;
    }
    Files.move(partial, archive);
    return true;
  }
}
