package io.mathbeam.pipelines.board;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.report.html.HistoryRow;
import io.mathbeam.pipelines.eval.RunHistory;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the directories given to {@code mathbeam board} hold: run directories ({@code
 * metrics.json}), sweep directories ({@code sweep.json}, each model's run named there) and nightly
 * history directories ({@code history-*.parquet}). A directory that is none of these is an error
 * that says why.
 */
final class BoardSources {
  /** A run and the name its model goes by on the board. */
  record Run(String model, String dir, JsonNode metrics) {
    String finishedAt() {
      return metrics.path("manifest").path("finished_at").asText("");
    }
  }

  final List<Run> runs = new ArrayList<>();
  final List<HistoryRow> history = new ArrayList<>();

  private BoardSources() {}

  static BoardSources read(List<String> dirs) throws IOException {
    BoardSources sources = new BoardSources();
    for (String dir : dirs) {
      String root = dir.replaceAll("(.)/+$", "$1");
      if (Storage.exists(Storage.resolve(root, "metrics.json"))) {
        sources.runs.add(run(null, root));
      } else if (Storage.exists(Storage.resolve(root, "sweep.json"))) {
        JsonNode sweep =
            MetricsJson.JSON.readTree(Storage.readString(Storage.resolve(root, "sweep.json")));
        for (JsonNode model : sweep.path("models")) {
          String name = model.path("name").asText();
          String run = Storage.resolve(root, name);
          if (!Storage.exists(Storage.resolve(run, "metrics.json"))) {
            throw new IllegalArgumentException(
                "board: the sweep "
                    + root
                    + " names the model "
                    + name
                    + ", but "
                    + run
                    + " holds no metrics.json");
          }
          sources.runs.add(run(name, run));
        }
      } else if (isHistory(root)) {
        sources.history.addAll(RunHistory.read(root));
      } else {
        throw new IllegalArgumentException(
            "board: "
                + dir
                + " is not a run directory (no metrics.json), a sweep directory (no sweep.json)"
                + " nor a history directory (no history-*.parquet)");
      }
    }
    return sources;
  }

  private static Run run(String name, String dir) throws IOException {
    JsonNode metrics =
        MetricsJson.JSON.readTree(Storage.readString(Storage.resolve(dir, "metrics.json")));
    String model = name;
    if (model == null || model.isBlank()) {
      model = metrics.path("manifest").path("model").asText("");
    }
    if (model.isBlank()) {
      model = dir.substring(dir.lastIndexOf('/') + 1);
    }
    return new Run(model, dir, metrics);
  }

  private static boolean isHistory(String dir) throws IOException {
    Path path = Path.of(dir);
    if (dir.contains("://") || !Files.isDirectory(path)) {
      return false;
    }
    try (Stream<Path> files = Files.list(path)) {
      return files.anyMatch(
          f ->
              f.getFileName().toString().startsWith("history-")
                  && f.getFileName().toString().endsWith(".parquet"));
    }
  }
}
