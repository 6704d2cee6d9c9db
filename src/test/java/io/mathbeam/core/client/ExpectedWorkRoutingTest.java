package io.mathbeam.core.client;

import static org.junit.Assert.assertSame;

import java.util.HashSet;
import java.util.List;
import org.junit.Test;

/** A sample expected to be long goes where its expected work would end soonest. */
public class ExpectedWorkRoutingTest {

  private static Replica replica(String url, double secondsPerToken) {
    Replica replica = new Replica(url, 2, 3);
    if (secondsPerToken > 0) {
      replica.pace().observe((long) (secondsPerToken * 1e9 * 100), 100);
    }
    return replica;
  }

  @Test
  public void aLongSampleGoesWhereItsWorkEndsSoonestAndAShortOneFollowsItsProblem() {
    Replica busy = replica("http://busy:1", 0.01);
    Replica idle = replica("http://idle:2", 0.01);
    Replica slow = replica("http://slow:3", 0.02);
    ReplicaSet set = new ReplicaSet(List.of(busy, idle, slow));
    busy.addExpectedTokens(10_000);
    List<Replica> problemOrder = List.of(busy, slow, idle);

    assertSame(idle, set.choose(problemOrder, new HashSet<>(), new ExpectedLength(5_000, true), 1));
    // a short one keeps its problem's replica (prefix-cache affinity)
    assertSame(busy, set.choose(problemOrder, new HashSet<>(), new ExpectedLength(100, false), 1));

    // the idle one full: the slow replica (5,000 x 0.02 = 100) before the busy one (15,000 x 0.01)
    idle.permits().acquire(2);
    assertSame(slow, set.choose(problemOrder, new HashSet<>(), new ExpectedLength(5_000, true), 1));
    // every one full: the long sample waits where its problem goes, as any other
    busy.permits().acquire(2);
    slow.permits().acquire(2);
    assertSame(busy, set.choose(problemOrder, new HashSet<>(), new ExpectedLength(5_000, true), 1));
  }

  @Test
  public void withoutPacesTheExpectedTokensAloneDecideAndAvoidedReplicasAreSkipped() {
    Replica a = replica("http://a:1", 0);
    Replica b = replica("http://b:2", 0);
    ReplicaSet set = new ReplicaSet(List.of(a, b));
    a.addExpectedTokens(3_000);
    b.addExpectedTokens(1_000);
    assertSame(b, set.choose(List.of(a, b), new HashSet<>(), new ExpectedLength(2_000, true), 1));
    // b failed this sample before: the long sample goes to a
    assertSame(
        a,
        set.choose(List.of(a, b), new HashSet<>(List.of(b)), new ExpectedLength(2_000, true), 1));
    b.addExpectedTokens(-1_000);
    b.addExpectedTokens(5_000);
    assertSame(a, set.choose(List.of(b, a), new HashSet<>(), new ExpectedLength(2_000, true), 1));
  }
}
