package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.Test;

public class JudgeAgreementTest {
  @Test
  public void kappaOfAKnownTable() {
    // 40 both correct, 10 symbolic only, 5 judge only, 45 both incorrect:
    // p_o = 0.85, p_e = 0.5 * 0.45 + 0.5 * 0.55 = 0.5, kappa = 0.7
    JudgeAgreement a = JudgeAgreement.of(List.of(new long[] {40, 10, 5, 45}));
    assertEquals(0.7, a.kappa(), 1e-12);
    assertEquals(100, a.samples());
    // one problem: no interval
    assertTrue(Double.isNaN(a.lower()) && Double.isNaN(a.upper()));
  }

  @Test
  public void noKappaWhereOneGraderGaveOneVerdictOnly() {
    // cascade: the judge sees only what the symbolic grader rejected
    JudgeAgreement a = JudgeAgreement.of(List.of(new long[] {0, 0, 3, 7}, new long[] {0, 0, 1, 9}));
    assertTrue(Double.isNaN(a.kappa()));
    assertEquals(4, a.judgeOnly());
    assertTrue(Double.isNaN(JudgeAgreement.of(List.of()).kappa()));
  }

  /**
   * Simulation with a known population kappa: problems of varying difficulty, K samples each,
   * graders that err independently given the truth; the interval covers the population's kappa
   * about 95% of the time although a problem's samples are correlated.
   */
  @Test
  public void theIntervalCoversThePopulationKappaInSimulation() {
    double symbolicHit = 0.93;
    double symbolicFalse = 0.02;
    double judgeHit = 0.88;
    double judgeFalse = 0.06;
    double meanRate = 0.5;
    // the cells depend on the rates only through their mean
    double[] cells = {
      meanRate * symbolicHit * judgeHit + (1 - meanRate) * symbolicFalse * judgeFalse,
      meanRate * symbolicHit * (1 - judgeHit) + (1 - meanRate) * symbolicFalse * (1 - judgeFalse),
      meanRate * (1 - symbolicHit) * judgeHit + (1 - meanRate) * (1 - symbolicFalse) * judgeFalse,
      meanRate * (1 - symbolicHit) * (1 - judgeHit)
          + (1 - meanRate) * (1 - symbolicFalse) * (1 - judgeFalse)
    };
    double observed = cells[0] + cells[3];
    double symbolic = cells[0] + cells[1];
    double judge = cells[0] + cells[2];
    double chance = symbolic * judge + (1 - symbolic) * (1 - judge);
    double truth = (observed - chance) / (1 - chance);
    SplittableRandom random = new SplittableRandom(8);
    int runs = 300;
    int covered = 0;
    for (int run = 0; run < runs; run++) {
      List<long[]> problems = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        // rates 0 or 1 half the time (mean 0.5), uniform otherwise: strongly clustered samples
        double u = random.nextDouble();
        double rate = u < 0.25 ? 0 : u < 0.5 ? 1 : random.nextDouble();
        long[] table = new long[4];
        for (int j = 0; j < 8; j++) {
          boolean right = random.nextDouble() < rate;
          boolean s = random.nextDouble() < (right ? symbolicHit : symbolicFalse);
          boolean g = random.nextDouble() < (right ? judgeHit : judgeFalse);
          table[s ? (g ? 0 : 1) : (g ? 2 : 3)]++;
        }
        problems.add(table);
      }
      JudgeAgreement a = JudgeAgreement.of(problems);
      if (a.lower() <= truth && truth <= a.upper()) {
        covered++;
      }
    }
    double coverage = (double) covered / runs;
    assertTrue("coverage " + coverage + " of kappa " + truth, coverage >= 0.91 && coverage <= 0.99);
  }
}
