package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Known problems and their gold answers, so that the simulated model can answer correctly. A prompt
 * matches a problem when the problem's statement (whitespace-normalised) occurs in it; the longest
 * matching statement wins. Lookups hash every window of the prompt against an index of statement
 * prefixes, so they cost O(prompt length) whatever the number of problems.
 *
 * <p>An entry is a math problem (its gold is a final answer) or a code problem (its gold is the
 * reference solution, which the model writes in a {@code ```python} block when it solves the
 * problem; see {@link CodeAnswerWriter}).
 */
public final class AnswerKey {
  private static final int PREFIX = 24;
  private static final long BASE = 1_000_003L;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CHOICES = "choices";
  private static final String GPQA_QUESTION = "Question";
  private static final String GPQA_GOLD = "Correct Answer";
  private static final Pattern LETTER = Pattern.compile("\\(([A-Z])\\)|([A-Z])[.)]?");

  private static final String HUMANEVAL_PROMPT = "prompt";
  private static final String HUMANEVAL_SOLUTION = "canonical_solution";

  /**
   * One known problem.
   *
   * @param gold a math problem's final answer, or a code problem's reference solution
   * @param code whether this is a code problem
   */
  public record Entry(String problem, String gold, boolean code) {
    public Entry {
      Objects.requireNonNull(problem, "problem");
      Objects.requireNonNull(gold, "gold");
    }

    /** A math problem. */
    public Entry(String problem, String gold) {
      this(problem, gold, false);
    }

    /**
     * A code problem: {@code statement} is what a prompt must contain (for HumanEval the function's
     * signature and docstring), {@code referenceSolution} complete runnable code (for HumanEval the
     * statement followed by its canonical body).
     */
    public static Entry codeProblem(String statement, String referenceSolution) {
      return new Entry(statement, referenceSolution, true);
    }
  }

  private record Indexed(Entry entry, String normalized) {}

  private final Map<Long, List<Indexed>> byPrefixHash = new HashMap<>();
  private final List<Indexed> shortProblems = new ArrayList<>();
  private final int size;
  private final long basePower;

  private AnswerKey(Collection<Entry> entries) {
    long power = 1;
    for (int i = 0; i < PREFIX - 1; i++) {
      power *= BASE;
    }
    basePower = power;
    Map<String, Indexed> unique = new LinkedHashMap<>();
    for (Entry entry : entries) {
      String normalized = normalize(entry.problem());
      if (normalized.isEmpty()) {
        continue;
      }
      unique.putIfAbsent(normalized, new Indexed(entry, normalized));
    }
    for (Indexed indexed : unique.values()) {
      if (indexed.normalized.length() < PREFIX) {
        shortProblems.add(indexed);
      } else {
        byPrefixHash
            .computeIfAbsent(hash(indexed.normalized, 0), k -> new ArrayList<>(1))
            .add(indexed);
      }
    }
    size = unique.size();
  }

  public static AnswerKey empty() {
    return new AnswerKey(List.of());
  }

  /** A key of math problems, from problem statement to gold answer. */
  public static AnswerKey of(Map<String, String> problemToGold) {
    List<Entry> entries = new ArrayList<>();
    problemToGold.forEach((problem, gold) -> entries.add(new Entry(problem, gold)));
    return new AnswerKey(entries);
  }

  /**
   * A key of any entries, math or code ({@link Entry#codeProblem}); of two entries with the same
   * statement the first counts.
   */
  public static AnswerKey ofEntries(Collection<Entry> entries) {
    return new AnswerKey(entries);
  }

  /**
   * Reads JSONL files; each line's {@code problemField} is the statement and {@code answerField}
   * the gold answer (a string, a number, or a list whose first element is used). Lines without both
   * fields are skipped.
   *
   * <p>Multiple-choice rows get the correct option's text as their gold: a row with a {@code
   * choices} array whose answer is a letter ({@code B}, {@code (B)}), a 0-based integer index or an
   * option's text; and a GPQA-style row (a {@code Correct Answer} field and no {@code
   * problemField}), whose statement is {@code Question} and gold {@code Correct Answer}. Choice
   * rows whose answer names no option are skipped.
   *
   * <p>HumanEval rows (a {@code prompt} and a {@code canonical_solution} field) are code problems:
   * the statement is the {@code prompt} (signature and docstring) and the reference solution the
   * prompt followed by the canonical body, so {@code serve-sim --answers=} takes a HumanEval file.
   */
  public static AnswerKey fromJsonl(List<Path> files, String problemField, String answerField)
      throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (Path file : files) {
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        int lineNo = 0;
        while ((line = reader.readLine()) != null) {
          lineNo++;
          if (line.isBlank()) {
            continue;
          }
          JsonNode row;
          try {
            row = JSON.readTree(line);
          } catch (IOException e) {
            throw new IOException(file + ":" + lineNo + ": not JSON: " + e.getMessage(), e);
          }
          if (row.path(HUMANEVAL_PROMPT).isTextual() && row.path(HUMANEVAL_SOLUTION).isTextual()) {
            String prompt = row.get(HUMANEVAL_PROMPT).asText();
            entries.add(Entry.codeProblem(prompt, prompt + row.get(HUMANEVAL_SOLUTION).asText()));
            continue;
          }
          JsonNode problem = row.get(problemField);
          JsonNode answer = row.get(answerField);
          if (problem == null && row.has(GPQA_GOLD)) {
            problem = row.get(GPQA_QUESTION);
            answer = row.get(GPQA_GOLD);
          }
          if (answer != null && answer.isArray()) {
            answer = answer.size() > 0 ? answer.get(0) : null;
          }
          if (problem == null || !problem.isTextual() || answer == null || answer.isNull()) {
            continue;
          }
          String gold = answer.isTextual() ? answer.asText() : answer.toString();
          JsonNode choices = row.get(CHOICES);
          if (choices != null && choices.isArray()) {
            gold = optionText(choices, answer);
            if (gold == null) {
              continue;
            }
          }
          entries.add(new Entry(problem.asText(), gold.trim()));
        }
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    }
    return new AnswerKey(entries);
  }

  /**
   * The text of the option that {@code answer} names: an integer is a 0-based index; a text is a
   * letter ({@code B}, {@code (B)}, {@code B.}, {@code B)}) within range, else an option's own text
   * (whitespace-normalised); null when it names no option.
   */
  private static String optionText(JsonNode choices, JsonNode answer) {
    List<String> options = new ArrayList<>();
    for (JsonNode option : choices) {
      options.add(option.isTextual() ? option.asText() : option.toString());
    }
    if (answer.isIntegralNumber()) {
      int index = answer.canConvertToInt() ? answer.asInt() : -1;
      return index >= 0 && index < options.size() ? options.get(index) : null;
    }
    if (!answer.isTextual()) {
      return null;
    }
    String text = answer.asText().strip();
    Matcher letter = LETTER.matcher(text);
    if (letter.matches()) {
      String named = letter.group(1) != null ? letter.group(1) : letter.group(2);
      int index = named.charAt(0) - 'A';
      if (index < options.size()) {
        return options.get(index);
      }
    }
    String wanted = normalize(text);
    for (String option : options) {
      if (normalize(option).equals(wanted)) {
        return option;
      }
    }
    return null;
  }

  public int size() {
    return size;
  }

  /** The known problem whose statement occurs in {@code prompt}, the longest if several do. */
  public Optional<Entry> lookup(String prompt) {
    if (size == 0 || prompt == null) {
      return Optional.empty();
    }
    String text = normalize(prompt);
    Indexed best = null;
    if (text.length() >= PREFIX) {
      long h = hash(text, 0);
      for (int i = 0; ; i++) {
        List<Indexed> candidates = byPrefixHash.get(h);
        if (candidates != null) {
          for (Indexed c : candidates) {
            if ((best == null || c.normalized.length() > best.normalized.length())
                && text.startsWith(c.normalized, i)) {
              best = c;
            }
          }
        }
        if (i + PREFIX >= text.length()) {
          break;
        }
        h = (h - text.charAt(i) * basePower) * BASE + text.charAt(i + PREFIX);
      }
    }
    if (best == null) {
      for (Indexed c : shortProblems) {
        if ((best == null || c.normalized.length() > best.normalized.length())
            && text.contains(c.normalized)) {
          best = c;
        }
      }
    }
    return best == null ? Optional.empty() : Optional.of(best.entry);
  }

  /**
   * The simulated model's chance of solving {@code problem} when it finishes: a stable hash of the
   * statement spread uniformly over [0.05, 0.95], so every dataset has easy and hard problems.
   */
  public static double solveProbability(String problem) {
    long h = StableHash.of(normalize(problem), 0x5eedL);
    double unit = (h >>> 11) * 0x1.0p-53;
    return 0.05 + 0.90 * unit;
  }

  /**
   * Where the last occurrence of {@code statement} in {@code prompt} ends, comparing both
   * whitespace-normalised: the index in {@code prompt} just after its last character, or -1.
   */
  static int endOfLast(String statement, String prompt) {
    String wanted = normalize(statement);
    StringBuilder text = new StringBuilder(prompt.length());
    int[] rawEnd = new int[prompt.length()];
    boolean space = false;
    for (int i = 0; i < prompt.length(); i++) {
      char c = prompt.charAt(i);
      if (Character.isWhitespace(c)) {
        space = text.length() > 0;
        continue;
      }
      if (space) {
        rawEnd[text.length()] = i;
        text.append(' ');
        space = false;
      }
      rawEnd[text.length()] = i + 1;
      text.append(c);
    }
    int at = wanted.isEmpty() ? -1 : text.lastIndexOf(wanted);
    return at < 0 ? -1 : rawEnd[at + wanted.length() - 1];
  }

  private static long hash(String s, int from) {
    long h = 0;
    for (int i = from; i < from + PREFIX; i++) {
      h = h * BASE + s.charAt(i);
    }
    return h;
  }

  static String normalize(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean space = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        space = out.length() > 0;
      } else {
        if (space) {
          out.append(' ');
          space = false;
        }
        out.append(c);
      }
    }
    return out.toString();
  }
}
