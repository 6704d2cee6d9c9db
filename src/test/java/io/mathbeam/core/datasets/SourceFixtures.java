package io.mathbeam.core.datasets;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Rebuilds the published source files of a registry entry from the rows of the shared data folder,
 * in the layout each source publishes them in (the inverse of the entry's conversion), so that a
 * test can serve them and check that fetch + convert gives the shared rows back. Nothing here is a
 * copy of a dataset file: the files are written by the test, in memory.
 */
public final class SourceFixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SourceFixtures() {}

  /** The shared file's rows, ordered maps as written. */
  public static List<Map<String, Object>> rows(Path file) {
    List<Map<String, Object>> rows = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          @SuppressWarnings("unchecked")
          Map<String, Object> row = JSON.readValue(line, LinkedHashMap.class);
          rows.add(row);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  /** The source files of {@code name} (by source key) rebuilt from its shared rows. */
  public static Map<String, byte[]> of(String name, Path sharedDatasets) {
    Benchmark b = Benchmarks.byName(name).orElseThrow();
    List<Map<String, Object>> shared = rows(sharedDatasets.resolve(b.relativePath()));
    Map<String, byte[]> files = new LinkedHashMap<>();
    switch (name) {
      case "aime24" -> {
        List<Map<String, Object>> byUrl = new ArrayList<>(shared);
        byUrl.sort(Comparator.comparing(r -> (String) r.get("url")));
        files.put(
            "test",
            jsonLines(byUrl, r -> pick(r, "source_id:id", "problem", "solution", "answer", "url")));
      }
      case "amc23" ->
          files.put(
              "test",
              jsonLines(
                  shared,
                  r -> {
                    ObjectNode o = JSON.createObjectNode();
                    o.put("id", ((Number) r.get("source_id")).longValue());
                    o.put("question", (String) r.get("problem"));
                    // the source stores answers as floats: 27.0
                    o.put("answer", new BigDecimal((String) r.get("answer")).setScale(1));
                    o.put("url", (String) r.get("url"));
                    return o;
                  }));
      case "minerva" ->
          files.put("test", jsonLines(shared, r -> pick(r, "problem", "solution", "type", "idx")));
      case "olympiadbench" ->
          files.put(
              "test",
              jsonLines(
                  shared,
                  r -> {
                    ObjectNode o = pick(r, "source_id:id", "subfield");
                    o.putNull("context");
                    o.put("question", (String) r.get("problem"));
                    o.set("solution", JSON.valueToTree(r.get("solutions")));
                    o.setAll(
                        pick(
                            r,
                            "final_answer",
                            "is_multiple_answer",
                            "unit",
                            "answer_type",
                            "error"));
                    return o;
                  }));
      case "math500" ->
          files.put(
              "test",
              jsonLines(
                  shared,
                  r -> pick(r, "problem", "solution", "answer", "subject", "level", "unique_id")));
      case "humaneval" ->
          files.put(
              "test",
              gzip(
                  jsonLines(
                      shared,
                      r ->
                          pick(
                              r,
                              "id:task_id",
                              "prompt",
                              "canonical_solution",
                              "test",
                              "entry_point"))));
      case "aime25" -> {
        for (String part : List.of("I", "II")) {
          matharena(
              files,
              part,
              shared.stream().filter(r -> r.get("contest").equals("AIME " + part)).toList());
        }
        files.put(
            MathArenaConversions.NEMO_AIME25,
            jsonLines(
                shared,
                r -> {
                  ObjectNode o = JSON.createObjectNode();
                  o.put("problem", "AoPS wording of " + r.get("id"));
                  o.put("expected_answer", Long.parseLong((String) r.get("answer")));
                  o.put("reference_solution", (String) r.getOrDefault("solution", ""));
                  return o;
                }));
      }
      case "hmmt_feb25" -> matharena(files, "hmmt_feb_2025", shared);
      default -> throw new IllegalArgumentException("no fixture for " + name);
    }
    return files;
  }

  /** A MathArena folder: answers.csv (quoted where needed) and problems/n.tex. */
  private static void matharena(
      Map<String, byte[]> files, String part, List<Map<String, Object>> rows) {
    StringBuilder csv = new StringBuilder("id,answer\n");
    for (Map<String, Object> r : rows) {
      long n = ((Number) r.get("problem_number")).longValue();
      String answer = (String) r.get("answer");
      boolean quote = answer.contains(",") || answer.contains("\"");
      csv.append(n)
          .append(',')
          .append(quote ? "\"" + answer.replace("\"", "\"\"") + "\"" : answer)
          .append('\n');
      files.put(
          MathArenaConversions.problemKey(part, (int) n),
          (r.get("problem") + "\n").getBytes(StandardCharsets.UTF_8));
    }
    files.put(
        MathArenaConversions.answersKey(part), csv.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** The named fields of a row, {@code from:to} renaming one. */
  private static ObjectNode pick(Map<String, Object> row, String... fields) {
    ObjectNode o = JSON.createObjectNode();
    for (String f : fields) {
      String[] names = f.split(":");
      o.set(names.length == 2 ? names[1] : f, JSON.valueToTree(row.get(names[0])));
    }
    return o;
  }

  interface ToJson {
    ObjectNode apply(Map<String, Object> row);
  }

  static byte[] jsonLines(List<Map<String, Object>> rows, ToJson map) {
    StringBuilder out = new StringBuilder();
    for (Map<String, Object> r : rows) {
      try {
        out.append(JSON.writeValueAsString(map.apply(r))).append('\n');
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] gzip(byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * Serves {@code files} (by source key) at the paths {@code b}'s sources have under {@code at},
   * which must point at {@code server}.
   */
  public static void serve(
      FileHostServer server, SourceLocations at, Benchmark b, Map<String, byte[]> files) {
    for (SourceFile source : b.files()) {
      byte[] content = files.get(source.key());
      if (content != null) {
        server.put(pathOf(server, at, source), content);
      }
    }
  }

  public static String pathOf(FileHostServer server, SourceLocations at, SourceFile source) {
    return source.url(at).substring(server.baseUrl().length());
  }

  /** Locations on the test server: GitHub under /gh, the hub under /hf. */
  public static SourceLocations locations(FileHostServer server, String token) {
    return new SourceLocations(server.baseUrl() + "/gh", server.baseUrl() + "/hf", token);
  }
}
