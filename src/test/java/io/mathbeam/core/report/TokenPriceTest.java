package io.mathbeam.core.report;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.stats.DatasetMetrics;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/** {@code --pricePerMillionTokens=IN,OUT}: its parser, the cost and the summary table's column. */
public class TokenPriceTest {
  @Test
  public void parsesInAndOutPrices() {
    TokenPrice p = TokenPrice.parse("0.15, 0.60");
    assertEquals(0.15, p.input(), 0);
    assertEquals(0.60, p.output(), 0);
    assertEquals(0.0, TokenPrice.parse("0,0").output(), 0);
  }

  @Test
  public void noneOrEmptySetsNoPrice() {
    assertNull(TokenPrice.parse("none"));
    assertNull(TokenPrice.parse(""));
    assertNull(TokenPrice.parse(null));
  }

  @Test
  public void malformedPricesFailNamingTheOptionAndWhatIsWrong() {
    assertMessage("abc", "expected IN,OUT");
    assertMessage("0.5", "expected IN,OUT");
    assertMessage("1,2,3", "expected IN,OUT");
    assertMessage("abc,1", "IN is not a number in 'abc,1'");
    assertMessage("1,", "OUT is not a number");
    assertMessage("-1,2", "IN must be a number >= 0, got '-1'");
    assertMessage("1,NaN", "OUT must be a number >= 0");
    assertMessage("1,Infinity", "OUT must be a number >= 0");
  }

  private static void assertMessage(String text, String expected) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TokenPrice.parse(text));
    assertTrue(e.getMessage(), e.getMessage().startsWith("--pricePerMillionTokens: "));
    assertTrue(e.getMessage(), e.getMessage().contains(expected));
  }

  @Test
  public void costIsTokensInMillionsTimesTheirPrice() {
    TokenPrice p = new TokenPrice(3, 15);
    assertEquals(2_000_000 / 1e6 * 3 + 500_000 / 1e6 * 15, p.cost(2_000_000, 500_000), 1e-12);
    assertEquals(0.0, p.cost(0, 0), 0);
  }

  @Test
  public void priceRoundTripsThroughTheManifest() {
    TokenPrice p = new TokenPrice(0.15, 0.6);
    var manifest = MetricsJson.JSON.createObjectNode();
    assertNull(TokenPrice.fromManifest(manifest));
    manifest.set(TokenPrice.MANIFEST_FIELD, p.toJson());
    assertEquals(p, TokenPrice.fromManifest(manifest));
  }

  @Test
  public void summaryTableShowsTokensAndCostOnlyWhenPriced() {
    DatasetMetrics aime =
        new DatasetMetrics("aime24", 2, 4, 0.5, List.of(0.5), 2, 2, 0, 0, 0, 0, 0, 0, 0, 100);
    DatasetMetrics all =
        new DatasetMetrics(
            DatasetMetrics.AGGREGATE, 2, 4, 0.5, List.of(0.5), 2, 2, 0, 0, 0, 0, 0, 0, 0, 100);
    String plain = SummaryTable.format(List.of(aime, all), null);
    assertTrue(plain, !plain.contains("Cost"));
    TokenPrice price = new TokenPrice(1, 2);
    String priced =
        SummaryTable.format(
            List.of(aime, all),
            null,
            Map.of(
                "aime24",
                TokenCost.of(1200, 3400, price),
                DatasetMetrics.AGGREGATE,
                TokenCost.of(1200, 3400, price)));
    String[] lines = priced.split("\\R");
    assertTrue(priced, lines[0].endsWith("PromptTok     ComplTok       Cost"));
    // 1200/1e6*1 + 3400/1e6*2 = 0.008
    assertTrue(priced, lines[1].endsWith("1200         3400     0.0080"));
    assertTrue(priced, lines[2].startsWith("AGGREGATE") && lines[2].endsWith("0.0080"));
  }
}
