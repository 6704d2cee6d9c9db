package io.mathbeam.core.problems;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Reads JSON Lines: one JSON object per line; blank lines are skipped. */
public final class JsonlProblemReader {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private JsonlProblemReader() {}

  public static void read(InputStream in, String file, RowParser parser, ProblemSink sink)
      throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String text;
    long line = 0;
    while ((text = reader.readLine()) != null) {
      line++;
      if (line == 1 && text.startsWith("\uFEFF")) {
        text = text.substring(1);
      }
      if (text.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = JSON.readTree(text);
      } catch (JsonProcessingException e) {
        sink.reject(
            new RejectedRow(
                parser.datasetId(), file, line, "", "invalid JSON: " + firstLine(e), text));
        continue;
      }
      if (node == null || !node.isObject()) {
        sink.reject(new RejectedRow(parser.datasetId(), file, line, "", "not a JSON object", text));
        continue;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> row = JSON.convertValue(node, Map.class);
      parser.parse(row, file, line, text, sink);
    }
  }

  private static String firstLine(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
