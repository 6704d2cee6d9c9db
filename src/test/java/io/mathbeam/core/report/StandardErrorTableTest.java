package io.mathbeam.core.report;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

public class StandardErrorTableTest {
  @Test
  public void oneRowPerDatasetInPointsWithDashesWhereAKIsMissing() throws Exception {
    String json =
        "{\"datasets\":{"
            + "\"aime24\":{\"se_vs_samples_per_problem\":["
            + "{\"samples_per_problem\":1,\"pass_at_1_se\":0.083},"
            + "{\"samples_per_problem\":2,\"pass_at_1_se\":0.0612},"
            + "{\"samples_per_problem\":4,\"pass_at_1_se\":0.05}]},"
            + "\"math500\":{\"se_vs_samples_per_problem\":["
            + "{\"samples_per_problem\":1,\"pass_at_1_se\":0.02},"
            + "{\"samples_per_problem\":2,\"pass_at_1_se\":null}]}}}";
    String table = StandardErrorTable.format(new ObjectMapper().readTree(json));
    assertEquals(
        "Standard error of pass@1 (points) with K samples per problem:\n"
            + "Dataset              K=1     K=2     K=4\n"
            + "AIME24               8.3     6.1     5.0\n"
            + "MATH500              2.0       -       -\n",
        table);
  }

  @Test
  public void theSamplesThatOneAndTwoPointsNeedFollowTheTable() throws Exception {
    String json =
        "{\"datasets\":{\"math500\":{\"se_vs_samples_per_problem\":["
            + "{\"samples_per_problem\":1,\"pass_at_1_se\":0.02}],"
            + "\"sampling_precision\":{\"pass_at_1_half_width\":0.0123,"
            + "\"problem_sampling_half_width\":0.031,\"samples_per_problem_for_1_point\":6,"
            + "\"samples_per_problem_for_2_points\":2}}}}";
    String table = StandardErrorTable.format(new ObjectMapper().readTree(json));
    assertTrue(table, table.contains("of +-1 and +-2 points for these problems"));
    assertTrue(
        table,
        table.endsWith(
            "Dataset           now (+-)  K(+-1)  K(+-2)   problems\n"
                + "MATH500               1.23       6       2     +-3.10\n"));
  }

  @Test
  public void nothingWithoutTables() throws Exception {
    assertEquals("", StandardErrorTable.format(new ObjectMapper().readTree("{\"datasets\":{}}")));
  }
}
