package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.regrade.FirstChanges;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.pipelines.synthetic.LocalParquet;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ProblemSample;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;

/** The files of {@link RegradeFloor}: the run directory it reads and the one it writes. */
final class RegradeFloorFiles {
  private RegradeFloorFiles() {}

  static ObjectNode readManifest(Path input) throws IOException {
    Path file = input.resolve("metrics.json");
    JsonNode root;
    try {
      root = MetricsJson.JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new RegradeFloorException(
          "regrade-floor: "
              + input
              + " is not a run directory (cannot read "
              + file
              + ": "
              + e
              + ")",
          e);
    }
    if (!(root.path("manifest") instanceof ObjectNode manifest)) {
      throw new RegradeFloorException(file + " has no \"manifest\" object", null);
    }
    return manifest.deepCopy();
  }

  static Map<String, Integer> samplesPerProblem(ObjectNode manifest, Path input)
      throws RegradeFloorException {
    Map<String, Integer> out = new HashMap<>();
    for (JsonNode d : manifest.path("datasets")) {
      out.put(d.path("name").asText(), d.path("samples_per_problem").asInt());
    }
    if (out.isEmpty()) {
      throw new RegradeFloorException(
          input.resolve("metrics.json")
              + ": manifest.datasets lists no dataset with name and samples_per_problem",
          null);
    }
    return out;
  }

  static List<Path> sampleFiles(Path input) throws IOException {
    Path dir = input.resolve("samples");
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir, "*.parquet")) {
        listing.forEach(files::add);
      }
    }
    if (files.isEmpty()) {
      throw new RegradeFloorException(dir + " holds no *.parquet sample files", null);
    }
    files.sort(null);
    return files;
  }

  /** Removes an earlier run's results in {@code output}, as regrade does, so no shard is stale. */
  static void clearPrevious(Path output) throws IOException {
    for (String sub : List.of("samples", "problems", "rejected")) {
      Path dir = output.resolve(sub);
      if (Files.isDirectory(dir)) {
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir)) {
          for (Path file : listing) {
            Files.delete(file);
          }
        }
      }
    }
    Files.deleteIfExists(output.resolve("metrics.json"));
    Files.deleteIfExists(output.resolve("report.html"));
    Files.deleteIfExists(output.resolve(RegradeSummary.SUMMARY_FILE));
    Files.deleteIfExists(output.resolve(RegradeSummary.CHANGES_FILE));
  }

  /**
   * {@code regrade-changes.json} and {@code regrade-changes.jsonl}, as the pipeline writes them.
   */
  static void writeChanges(Path output, RegradeSummary summary, FirstChanges first)
      throws IOException {
    Files.writeString(
        output.resolve(RegradeSummary.SUMMARY_FILE), MetricsJson.write(summary.toJson()));
    try (BufferedWriter lines =
        Files.newBufferedWriter(output.resolve(RegradeSummary.CHANGES_FILE))) {
      for (VerdictChange c : first.sorted()) {
        lines.write(c.jsonLine());
        lines.write('\n');
      }
    }
  }

  /** The problems/ table: one row per problem from the small per-sample parts, no text. */
  static void writeProblems(Path dir, Map<String, List<ProblemSample>> problems)
      throws IOException {
    Files.createDirectories(dir);
    try (ParquetWriter<GenericRecord> writer =
        LocalParquet.open(
            dir.resolve("problems-00000-of-00001.parquet"),
            OutputSchemas.PROBLEM,
            RegradeFloor.ROW_GROUP_BYTES)) {
      for (List<ProblemSample> parts : problems.values()) {
        parts.sort(Comparator.comparingInt(ProblemSample::sampleIndex));
        writer.write(OutputSchemas.problemRecord(parts));
      }
    }
  }
}
