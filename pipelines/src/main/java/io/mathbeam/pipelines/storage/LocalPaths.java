package io.mathbeam.pipelines.storage;

import io.mathbeam.core.text.NearestName;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Existence checks for plain local paths, made with {@code java.nio} before Beam sees the path.
 * Beam's local {@code match} of a path that does not exist walks the whole tree under the path's
 * first existing parent looking for matches, so a mistyped {@code /nonexistent.jsonl} walked the
 * whole file system from {@code /} for minutes. Paths with a scheme ({@code s3://}) or a wildcard
 * go to Beam as before.
 */
public final class LocalPaths {
  /** How many entries of a folder are read for a "did you mean" hint. */
  private static final int MAX_SIBLINGS = 10_000;

  private LocalPaths() {}

  /** Whether {@code location} is a local path without wildcards (no scheme, no glob). */
  public static boolean isPlainLocal(String location) {
    return !location.contains("://")
        && !location.startsWith("file:")
        && location.chars().noneMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }

  /**
   * Fails at once when {@code location} is a plain local path that names nothing; other locations
   * pass unchecked.
   *
   * @param what what the path is, for the message ("problem file")
   * @throws FileNotFoundException naming the path and, when one is close, a sibling it may mean
   */
  public static void requireExists(String location, String what) throws FileNotFoundException {
    if (isPlainLocal(location) && !Files.exists(path(location))) {
      throw new FileNotFoundException(what + " " + location + " does not exist" + hint(location));
    }
  }

  static Path path(String location) {
    try {
      return Path.of(location).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("not a valid path: " + location, e);
    }
  }

  /**
   * " (did you mean '/data/aime24.jsonl'?)" when the folder holds a name close to the missing one,
   * " (no folder /data/benchmarks)" when the folder itself is missing, else "".
   */
  private static String hint(String location) {
    Path missing = path(location);
    Path folder = missing.getParent();
    if (folder == null) {
      return "";
    }
    if (!Files.isDirectory(folder)) {
      Path first = folder;
      while (first.getParent() != null && !Files.isDirectory(first.getParent())) {
        first = first.getParent();
      }
      return " (no folder " + first + ")";
    }
    List<String> siblings = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      for (Path entry : entries) {
        siblings.add(entry.getFileName().toString());
        if (siblings.size() >= MAX_SIBLINGS) {
          break;
        }
      }
    } catch (IOException e) {
      return "";
    }
    return NearestName.among(missing.getFileName().toString(), siblings)
        .map(name -> " (did you mean '" + folder.resolve(name) + "'?)")
        .orElse("");
  }
}
