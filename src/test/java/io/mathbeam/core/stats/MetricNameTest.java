package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import org.junit.Test;

public class MetricNameTest {
  @Test
  public void parsesAndPrintsPassAndMaj() {
    assertEquals(MetricName.pass(1), MetricName.parse("pass@1"));
    assertEquals(MetricName.maj(16), MetricName.parse(" MAJ@16 "));
    assertEquals("maj@16", MetricName.maj(16).toString());
  }

  @Test
  public void rejectsOtherNames() {
    for (String bad : new String[] {"pass@0", "pass@", "acc@1", "pass1", "maj@-2", "pass@1.5"}) {
      assertThrows(bad, IllegalArgumentException.class, () -> MetricName.parse(bad));
    }
  }
}
