package io.mathbeam.core.report;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

public class JudgeTableTest {
  private static String judge(String agreement) {
    return "{\"datasets\":{\"aime24\":{\"judge\":{\"mode\":\"all\",\"reward_from\":\"symbolic\","
        + "\"judged\":100,\"verdicts\":{\"correct\":45,\"incorrect\":50,\"malformed\":3,"
        + "\"error\":2},\"disagreements\":15,\"rewards\":{\"symbolic_correct\":{\"pass_at_k\":"
        + "[{\"k\":1,\"value\":0.5}]}}"
        + agreement
        + "}}}}";
  }

  @Test
  public void kappaWithItsIntervalClosesTheRow() throws Exception {
    String table =
        JudgeTable.format(
            new ObjectMapper()
                .readTree(
                    judge(
                        ",\"agreement\":{\"kappa\":0.7,\"ci95_lower\":0.612,"
                            + "\"ci95_upper\":0.781}")));
    assertTrue(table, table.contains("Kappa [95%]"));
    String row = table.split("\n")[2];
    assertTrue(row, row.startsWith("AIME24               50.0%"));
    assertTrue(row, row.endsWith("0.70 [0.61, 0.78]"));
  }

  @Test
  public void aDashWithoutKappa() throws Exception {
    String table =
        JudgeTable.format(new ObjectMapper().readTree(judge(",\"agreement\":{\"kappa\":null}")));
    assertEquals('-', table.split("\n")[2].charAt(table.split("\n")[2].length() - 1));
    assertEquals("", JudgeTable.format(new ObjectMapper().readTree("{\"datasets\":{}}")));
  }
}
