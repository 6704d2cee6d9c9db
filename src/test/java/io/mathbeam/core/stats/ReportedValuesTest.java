package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ReportedValuesTest {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private Path write(String name, String content) throws Exception {
    Path file = folder.getRoot().toPath().resolve(name);
    Files.writeString(file, content);
    return file;
  }

  @Test
  public void readsCsvWithFractionsAndPercentages() throws Exception {
    Path file =
        write(
            "reported.csv",
            "dataset,metric,value,source\n"
                + "aime24,pass@1,43.3,\"Paper, Table 2\"\n"
                + "\n"
                + "# a comment\n"
                + "aime24,maj@16,56.7%,blog\n"
                + "math500,Pass@8,0.912\n"
                + "math500,pass@1,1,\n"
                + "math500,pass@2,0.5%,\n");
    List<ReportedValue> values = ReportedValues.read(file);
    assertEquals(5, values.size());
    assertEquals(
        new ReportedValue("aime24", MetricName.pass(1), 0.433, "Paper, Table 2", 2), values.get(0));
    assertEquals(0.567, values.get(1).value(), 1e-12);
    assertEquals(5, values.get(1).line());
    assertEquals(MetricName.pass(8), values.get(2).metric());
    assertEquals("", values.get(2).source());
    assertEquals(1.0, values.get(3).value(), 0.0);
    assertEquals(0.005, values.get(4).value(), 1e-12);
  }

  @Test
  public void csvColumnsMayComeInAnyOrderWithoutSource() throws Exception {
    List<ReportedValue> values =
        ReportedValues.read(write("r.csv", "value,metric,dataset\r\n70,maj@4,gsm8k\r\n"));
    assertEquals(new ReportedValue("gsm8k", MetricName.maj(4), 0.7, "", 2), values.get(0));
  }

  @Test
  public void csvErrorsNameFileLineAndField() throws Exception {
    Path file = write("bad.csv", "dataset,metric,value\naime,pass@1,0.3\naime,pass@1,abc\n");
    ReportedValuesException e =
        assertThrows(ReportedValuesException.class, () -> ReportedValues.read(file));
    assertEquals(file.toString(), e.file());
    assertEquals(3, e.line());
    assertEquals("value", e.field());
    assertTrue(e.getMessage(), e.getMessage().contains("bad.csv:3 [value]"));
  }

  @Test
  public void rejectsUnknownMetricOutOfRangeValueAndMissingColumn() throws Exception {
    ReportedValuesException metric =
        assertThrows(
            ReportedValuesException.class,
            () -> ReportedValues.read(write("m.csv", "dataset,metric,value\nd,accuracy,0.3\n")));
    assertEquals("metric", metric.field());
    assertEquals(2, metric.line());
    ReportedValuesException range =
        assertThrows(
            ReportedValuesException.class,
            () -> ReportedValues.read(write("v.csv", "dataset,metric,value\nd,pass@1,143\n")));
    assertEquals("value", range.field());
    ReportedValuesException header =
        assertThrows(
            ReportedValuesException.class,
            () -> ReportedValues.read(write("h.csv", "dataset,metric,score\nd,pass@1,0.4\n")));
    assertEquals(1, header.line());
    assertEquals("value", header.field());
    ReportedValuesException missing =
        assertThrows(
            ReportedValuesException.class,
            () -> ReportedValues.read(write("e.csv", "dataset,metric,value\nd,pass@1\n")));
    assertEquals("value", missing.field());
  }

  @Test
  public void readsJsonArrayWithNumbersOrStrings() throws Exception {
    Path file =
        write(
            "r.json",
            "[\n"
                + "  {\"dataset\": \"aime24\", \"metric\": \"pass@1\", \"value\": 43.3},\n"
                + "  {\"dataset\": \"aime24\", \"metric\": \"maj@8\", \"value\": \"0.6\",\n"
                + "   \"source\": \"paper\"}\n"
                + "]\n");
    List<ReportedValue> values = ReportedValues.read(file);
    assertEquals(new ReportedValue("aime24", MetricName.pass(1), 0.433, "", 2), values.get(0));
    assertEquals(new ReportedValue("aime24", MetricName.maj(8), 0.6, "paper", 3), values.get(1));
  }

  @Test
  public void jsonErrorsNameLineAndField() throws Exception {
    Path file =
        write(
            "bad.json",
            "[\n  {\"dataset\": \"a\", \"metric\": \"pass@1\", \"value\": 0.1},\n"
                + "  {\"dataset\": \"a\", \"metric\": \"pass@0\", \"value\": 0.1}\n]");
    ReportedValuesException e =
        assertThrows(ReportedValuesException.class, () -> ReportedValues.read(file));
    assertEquals(3, e.line());
    assertEquals("metric", e.field());
    ReportedValuesException syntax =
        assertThrows(
            ReportedValuesException.class,
            () -> ReportedValues.read(write("s.json", "[\n{\"dataset\": \"a\",,}\n]")));
    assertEquals(2, syntax.line());
  }

  @Test
  public void missingFileIsATypedError() {
    Path file = folder.getRoot().toPath().resolve("absent.csv");
    ReportedValuesException e =
        assertThrows(ReportedValuesException.class, () -> ReportedValues.read(file));
    assertEquals(file.toString(), e.file());
  }
}
