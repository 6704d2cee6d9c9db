package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.report.html.Estimate;
import io.mathbeam.core.report.html.HistoryRow;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecordSink;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.ResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;

/**
 * The history table ({@code --history=DIR}): every finished run adds one Parquet file with one row
 * per dataset (pass@1 and its interval, maj@K, model, versions), so the directory as a whole is a
 * table other tools read ({@code SELECT * FROM 'DIR/*.parquet'}) and no run rewrites another's
 * rows.
 */
public final class RunHistory {
  private RunHistory() {}

  static void append(String historyDir, String runDir, JsonNode metrics) throws IOException {
    JsonNode manifest = metrics.path("manifest");
    List<GenericRecord> rows = new ArrayList<>();
    metrics
        .path("datasets")
        .fields()
        .forEachRemaining(
            e -> {
              JsonNode d = e.getValue();
              JsonNode pass1 = d.path("pass_at_k").path(0);
              JsonNode maj = d.path("maj_at_k");
              GenericData.Record r = new GenericData.Record(OutputSchemas.HISTORY);
              r.put("finished_at", manifest.path("finished_at").asText(""));
              r.put("run", runDir);
              r.put("model", manifest.path("model").asText(""));
              r.put("simulated_model", manifest.path("simulated_model").asBoolean(false));
              r.put("dataset", e.getKey());
              r.put("num_problems", d.path("num_problems").asInt());
              r.put("samples_per_problem", d.path("pass_at_k").size());
              r.put("pass_at_1", pass1.path("value").asDouble());
              r.put("ci95_lower", number(pass1.get("ci95_lower")));
              r.put("ci95_upper", number(pass1.get("ci95_upper")));
              r.put(
                  "maj_at_k", maj.isEmpty() ? null : number(maj.get(maj.size() - 1).get("value")));
              r.put("grader_version", manifest.path("grader_version").asText(""));
              r.put("mathbeam_version", manifest.path("mathbeam_version").asText(""));
              rows.add(r);
            });
    String name =
        "history-"
            + manifest.path("finished_at").asText("").replaceAll("[^0-9A-Za-z]", "")
            + "-"
            + UUID.randomUUID().toString().substring(0, 8)
            + ".parquet";
    ResourceId file =
        FileSystems.matchNewResource(historyDir, true)
            .resolve(name, ResolveOptions.StandardResolveOptions.RESOLVE_FILE);
    ParquetRecordSink sink = new ParquetRecordSink(OutputSchemas.HISTORY);
    try (WritableByteChannel channel = FileSystems.create(file, "application/octet-stream")) {
      sink.open(channel);
      for (GenericRecord r : rows) {
        sink.write(r);
      }
      sink.flush();
    }
  }

  public static List<HistoryRow> read(String historyDir) throws IOException {
    List<HistoryRow> out = new ArrayList<>();
    MatchResult match = FileSystems.match(List.of(historyDir + "/*.parquet")).get(0);
    if (match.status() != MatchResult.Status.OK) {
      return out;
    }
    for (GenericRecord r : ParquetRecords.readAll(historyDir + "/*.parquet")) {
      out.add(
          new HistoryRow(
              r.get("finished_at").toString(),
              r.get("run").toString(),
              r.get("model").toString(),
              r.get("dataset").toString(),
              new Estimate(
                  (Double) r.get("pass_at_1"),
                  r.get("ci95_lower") == null ? Double.NaN : (Double) r.get("ci95_lower"),
                  r.get("ci95_upper") == null ? Double.NaN : (Double) r.get("ci95_upper"))));
    }
    return out;
  }

  private static Double number(JsonNode n) {
    return n == null || !n.isNumber() ? null : n.asDouble();
  }
}
