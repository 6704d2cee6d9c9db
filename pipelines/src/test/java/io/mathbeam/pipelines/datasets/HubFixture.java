package io.mathbeam.pipelines.datasets;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.datasets.FileHostServer;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * Publishes datasets on a {@link FileHostServer} as the Hugging Face Hub serves them: {@code
 * /api/datasets/REPO/revision/REV} answers the commit, the files ({@code siblings}) and the card's
 * metadata ({@code cardData.configs}), and {@code /datasets/REPO/resolve/COMMIT/PATH} each file.
 */
final class HubFixture {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HubFixture() {}

  /**
   * @param revisions the names the revision answers to besides its commit ({@code main}, a tag,
   *     {@code refs/convert/parquet})
   * @param configs the card's {@code configs} as JSON, or null for a card without them
   */
  static void publish(
      FileHostServer server,
      String repo,
      String commit,
      List<String> revisions,
      Map<String, byte[]> files,
      String configs)
      throws IOException {
    ObjectNode revision = JSON.createObjectNode().put("id", repo).put("sha", commit);
    ArrayNode siblings = revision.putArray("siblings");
    siblings.addObject().put("rfilename", ".gitattributes");
    siblings.addObject().put("rfilename", "README.md");
    files.keySet().stream().sorted().forEach(f -> siblings.addObject().put("rfilename", f));
    if (configs != null) {
      revision.putObject("cardData").set("configs", JSON.readTree(configs));
    }
    byte[] answer = JSON.writeValueAsBytes(revision);
    server.put("/api/datasets/" + repo + "/revision/" + commit, answer);
    for (String name : revisions) {
      server.put(
          "/api/datasets/" + repo + "/revision/" + URLEncoder.encode(name, StandardCharsets.UTF_8),
          answer);
    }
    files.forEach(
        (path, bytes) ->
            server.put("/datasets/" + repo + "/resolve/" + commit + "/" + path, bytes));
  }

  /** JSON Lines of the given rows. */
  static byte[] jsonLines(List<Map<String, Object>> rows) throws IOException {
    StringBuilder out = new StringBuilder();
    for (Map<String, Object> row : rows) {
      out.append(JSON.writeValueAsString(row)).append('\n');
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** A Parquet file of rows with string columns, and a long column named {@code longColumn}. */
  static byte[] parquet(Path scratch, List<Map<String, Object>> rows, String longColumn)
      throws IOException {
    Schema schema = schema(rows.get(0), longColumn);
    Path file = Files.createTempFile(scratch, "hub-", ".parquet");
    Files.delete(file);
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(
                    new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))
            .withSchema(schema)
            .withConf(new Configuration())
            .build()) {
      for (Map<String, Object> row : rows) {
        GenericData.Record record = new GenericData.Record(schema);
        row.forEach(record::put);
        writer.write(record);
      }
    }
    return Files.readAllBytes(file);
  }

  private static Schema schema(Map<String, Object> row, String longColumn) {
    StringBuilder fields = new StringBuilder();
    for (String column : row.keySet()) {
      if (fields.length() > 0) {
        fields.append(',');
      }
      fields
          .append("{\"name\":\"")
          .append(column)
          .append("\",\"type\":\"")
          .append(column.equals(longColumn) ? "long" : "string")
          .append("\"}");
    }
    return new Schema.Parser()
        .parse("{\"type\":\"record\",\"name\":\"Row\",\"fields\":[" + fields + "]}");
  }
}
