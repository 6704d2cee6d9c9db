package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.testing.SharedData;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class AnswerKeyTest {
  @Rule public TemporaryFolder temp = new TemporaryFolder();

  @Test
  public void findsTheProblemInsideATemplatedPromptWithDifferentWhitespace() {
    AnswerKey key =
        AnswerKey.of(
            Map.of(
                "Find the  number of positive divisors of $2024$.", "12",
                "Short one?", "3"));
    String prompt =
        PromptTemplate.defaults().userMessage("Find the number of positive\ndivisors of $2024$.");
    assertEquals("12", key.lookup(prompt).orElseThrow().gold());
    assertEquals(
        "3", key.lookup("System: be brief.\n\nShort one? Answer now.").orElseThrow().gold());
    assertFalse(key.lookup("Find the number of positive integers below 10.").isPresent());
  }

  @Test
  public void endOfLastFindsWhereTheStatementEndsInThePromptDespiteWhitespace() {
    String statement = "Find the number of positive divisors of $2024$.";
    String prompt =
        "Example: Find the number of\npositive divisors of $2024$.\n\nQuestion: Find the  number"
            + " of positive divisors of $2024$.  Answer:";
    int end = AnswerKey.endOfLast(statement, prompt);
    assertEquals("  Answer:", prompt.substring(end));
    assertEquals(-1, AnswerKey.endOfLast("Something else entirely.", prompt));
  }

  @Test
  public void longestMatchingStatementWins() {
    String shorter = "Compute the sum of the digits of the number";
    String longer = shorter + " $2^{10}$ written in base ten.";
    AnswerKey key = AnswerKey.of(Map.of(shorter, "1", longer, "7"));
    assertEquals("7", key.lookup("Q: " + longer).orElseThrow().gold());
  }

  @Test
  public void readsJsonlWithStringNumberAndListAnswers() throws Exception {
    Path file = temp.newFile("p.jsonl").toPath();
    Files.write(
        file,
        List.of(
            "{\"problem\":\"What is one plus one, written as a number?\",\"answer\":\"2\"}",
            "{\"problem\":\"What is two plus two, written as a number?\",\"answer\":4}",
            "{\"problem\":\"List the solutions of x squared equals"
                + " nine.\",\"answer\":[\"3,-3\",\"-3,3\"]}",
            "",
            "{\"question\":\"no problem field here at all, skipped\",\"answer\":\"1\"}"));
    AnswerKey key = AnswerKey.fromJsonl(List.of(file), "problem", "answer");
    assertEquals(3, key.size());
    assertEquals(
        "4", key.lookup("What is two plus two, written as a number?").orElseThrow().gold());
    assertEquals(
        "3,-3", key.lookup("List the solutions of x squared equals nine.").orElseThrow().gold());
  }

  @Test
  public void everySharedBenchmarkProblemIsFoundFromItsPrompt() throws Exception {
    List<Path> files;
    try (Stream<Path> listing = Files.list(SharedData.datasets())) {
      files =
          listing
              .filter(p -> p.toString().endsWith(".jsonl"))
              .sorted()
              .collect(Collectors.toList());
    }
    AnswerKey key = AnswerKey.fromJsonl(files, "problem", "answer");
    assertTrue(key.size() > 2000);
    List<String> misses = new ArrayList<>();
    long start = System.nanoTime();
    int checked = 0;
    for (Path file : files) {
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        while ((line = reader.readLine()) != null) {
          JsonNode row = HttpJson.JSON.readTree(line);
          String problem = row.get("problem").asText();
          String prompt = PromptTemplate.defaults().rawPrompt(problem);
          String found = key.lookup(prompt).map(AnswerKey.Entry::problem).orElse(null);
          // duplicated statements across datasets map to the first one; same text either way
          if (found == null || !AnswerKey.normalize(found).equals(AnswerKey.normalize(problem))) {
            misses.add(row.get("id").asText());
          }
          checked++;
        }
      }
    }
    double msPerLookup = (System.nanoTime() - start) / 1e6 / checked;
    assertTrue(misses.size() + " misses, e.g. " + misses, misses.isEmpty());
    assertTrue("lookup takes " + msPerLookup + " ms", msPerLookup < 5);
  }

  @Test
  public void solveProbabilitiesSpreadOverTheRange() {
    double min = 1;
    double max = 0;
    for (int i = 0; i < 500; i++) {
      double p = AnswerKey.solveProbability("problem number " + i);
      min = Math.min(min, p);
      max = Math.max(max, p);
      assertTrue(p >= 0.05 && p <= 0.95);
    }
    assertTrue(min < 0.1 && max > 0.9);
    assertEquals(
        AnswerKey.solveProbability("same  text"), AnswerKey.solveProbability("same text"), 0);
  }
}
