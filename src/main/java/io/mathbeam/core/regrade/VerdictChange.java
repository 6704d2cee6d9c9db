package io.mathbeam.core.regrade;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.SampleRequest;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A sample whose status a regrade changed: one line of {@code regrade-changes.jsonl}. Holds no
 * whole text: the end of the response ({@link #RESPONSE_END_CHARS} characters, where the final
 * answer usually is) and extracted answers cut to {@link #ANSWER_CHARS}, so a line is small
 * whatever the response length. Ordered by dataset, problem id and sample index.
 *
 * @param responseEnd the last {@link #RESPONSE_END_CHARS} characters of the response (the answer
 *     text after any reasoning), or null when there was none (a failed request)
 * @param responseChars the length of the whole response, 0 when there was none
 */
public record VerdictChange(
    String dataset,
    String problemId,
    int sampleIndex,
    String oldStatus,
    String newStatus,
    String oldAnswer,
    String newAnswer,
    List<String> goldAnswers,
    String oldGraderVersion,
    String newGraderVersion,
    String responseEnd,
    int responseChars)
    implements Comparable<VerdictChange>, Serializable {

  public static final int RESPONSE_END_CHARS = 300;
  public static final int ANSWER_CHARS = 500;

  /** One line per change: a plain writer, no indentation. */
  private static final ObjectWriter LINE = new ObjectMapper().writer();

  private static final Comparator<VerdictChange> ORDER =
      Comparator.comparing(VerdictChange::dataset)
          .thenComparing(VerdictChange::problemId)
          .thenComparingInt(VerdictChange::sampleIndex);

  public VerdictChange {
    goldAnswers = List.copyOf(goldAnswers);
  }

  /** The change from {@code old} to {@code now}, graded by {@code newGraderVersion}. */
  public static VerdictChange of(StoredGrade old, GradedSample now, String newGraderVersion) {
    SampleRequest r = now.request();
    String response = now.generation().text();
    return new VerdictChange(
        r.datasetId(),
        r.problemId(),
        r.sampleIndex(),
        old.status(),
        now.status().wireName(),
        head(old.extractedAnswer()),
        head(now.extractedAnswer()),
        r.goldAnswers(),
        old.graderVersion(),
        newGraderVersion,
        tail(response),
        response == null ? 0 : response.length());
  }

  @Override
  public int compareTo(VerdictChange other) {
    return ORDER.compare(this, other);
  }

  public ObjectNode toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("data_source", dataset);
    o.put("problem_id", problemId);
    o.put("sample_index", sampleIndex);
    o.put("old_status", oldStatus);
    o.put("new_status", newStatus);
    o.put("old_extracted_answer", oldAnswer);
    o.put("new_extracted_answer", newAnswer);
    ArrayNode golds = o.putArray("ground_truth");
    goldAnswers.forEach(golds::add);
    o.put("old_grader_version", oldGraderVersion);
    o.put("new_grader_version", newGraderVersion);
    o.put("response_end", responseEnd);
    o.put("response_chars", responseChars);
    return o;
  }

  /** The line of {@code regrade-changes.jsonl}, without the line break. */
  public String jsonLine() {
    try {
      return LINE.writeValueAsString(toJson());
    } catch (JsonProcessingException e) {
      // a tree of strings and numbers always serializes
      throw new UncheckedIOException(e);
    }
  }

  /** The inverse of {@link #toJson}. */
  public static VerdictChange fromJson(JsonNode o) {
    List<String> golds = new ArrayList<>();
    o.path("ground_truth").forEach(g -> golds.add(g.asText()));
    return new VerdictChange(
        o.path("data_source").asText(),
        o.path("problem_id").asText(),
        o.path("sample_index").asInt(),
        o.path("old_status").asText(),
        o.path("new_status").asText(),
        text(o.get("old_extracted_answer")),
        text(o.get("new_extracted_answer")),
        golds,
        o.path("old_grader_version").asText(),
        o.path("new_grader_version").asText(),
        text(o.get("response_end")),
        o.path("response_chars").asInt());
  }

  private static String text(JsonNode n) {
    return n == null || n.isNull() ? null : n.asText();
  }

  /** The first {@link #ANSWER_CHARS} characters, with an ellipsis when cut. */
  static String head(String s) {
    if (s == null || s.length() <= ANSWER_CHARS) {
      return s;
    }
    int end = ANSWER_CHARS;
    if (Character.isHighSurrogate(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(0, end) + "\u2026";
  }

  /** The last {@link #RESPONSE_END_CHARS} characters, never half a surrogate pair. */
  static String tail(String s) {
    if (s == null || s.length() <= RESPONSE_END_CHARS) {
      return s;
    }
    int start = s.length() - RESPONSE_END_CHARS;
    if (Character.isLowSurrogate(s.charAt(start))) {
      start++;
    }
    return s.substring(start);
  }
}
