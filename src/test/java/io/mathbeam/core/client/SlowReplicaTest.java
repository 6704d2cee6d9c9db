package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.HashSet;
import java.util.List;
import org.junit.Test;

/** Near the end of a run, a replica much slower per token gets no new sample while others can. */
public class SlowReplicaTest {

  private static Replica replica(String url, double secondsPerToken) {
    Replica replica = new Replica(url, 4, 3);
    replica.pace().observe((long) (secondsPerToken * 1e9 * 100), 100);
    return replica;
  }

  @Test
  public void theSlowReplicaIsPassedOverOnceTheBacklogFitsTheOthers() {
    Replica slow = replica("http://slow:1", 0.02);
    Replica fast = replica("http://fast:2", 0.01);
    ReplicaSet set = new ReplicaSet(List.of(slow, fast));
    List<Replica> slowFirst = List.of(slow, fast);

    // a long backlog: the problem's preferred replica takes it, slow or not
    set.backlog(100);
    assertSame(slow, set.choose(slowFirst, new HashSet<>()));

    // the last samples: they wait for the fast replica (even when it is full) rather than start
    // on the slow one
    set.backlog(4);
    assertEquals(java.util.Set.of(slow), set.passedOver());
    assertSame(fast, set.choose(slowFirst, new HashSet<>()));
    for (int i = 0; i < 4; i++) {
      fast.permits().acquire(1);
    }
    assertSame(fast, set.choose(slowFirst, new HashSet<>()));
  }

  @Test
  public void nothingIsPassedOverWhileAPaceIsUnknownOrTheOthersFailedTheSample() {
    Replica slow = replica("http://slow:1", 0.02);
    Replica unmeasured = new Replica("http://new:3", 4, 3);
    ReplicaSet set = new ReplicaSet(List.of(slow, unmeasured));
    set.backlog(0);
    assertTrue(set.passedOver().isEmpty());

    Replica fast = replica("http://fast:2", 0.01);
    ReplicaSet measured = new ReplicaSet(List.of(slow, fast));
    measured.backlog(0);
    // the fast replica already failed this sample: the slow one may take it
    assertSame(slow, measured.choose(List.of(slow, fast), new HashSet<>(List.of(fast))));
  }

  @Test
  public void similarPacesAreNotSlow() {
    Replica a = replica("http://a:1", 0.012);
    Replica b = replica("http://b:2", 0.010);
    ReplicaSet set = new ReplicaSet(List.of(a, b));
    set.backlog(0);
    assertTrue(set.passedOver().isEmpty());
  }

  @Test
  public void aSlowReplicaIsPassedOverEarlierWhenALongSampleStartedThereWouldEndTheRun() {
    // 2x slower per token; 4 slots each; answered samples: 17 of 100 tokens and 3 of 1000
    Replica slow = replica("http://slow:1", 0.02);
    Replica fast = replica("http://fast:2", 0.01);
    ReplicaSet set = new ReplicaSet(List.of(slow, fast));
    answered(set);
    // mean 235, 90th percentile 1000: a long sample takes 20 s on the slow replica; the fleet
    // makes 4/0.02 + 4/0.01 = 600 tokens/s

    // 100 samples left: 100 x 235 / 600 = 39 s of work, longer than a long sample there
    set.backlog(100);
    assertTrue(set.passedOver().isEmpty());

    // 40 left (ten times the fast replica's 4 slots): 15.7 s, shorter: passed over
    set.backlog(40);
    assertEquals(java.util.Set.of(slow), set.passedOver());
  }

  @Test
  public void withFewAnswersOnlyTheSlotsCount() {
    Replica slow = replica("http://slow:1", 0.02);
    Replica fast = replica("http://fast:2", 0.01);
    ReplicaSet set = new ReplicaSet(List.of(slow, fast));
    for (int i = 0; i < ReplicaSet.MIN_ANSWERED - 1; i++) {
      set.completed().record(1000);
    }
    set.backlog(20);
    assertTrue(set.passedOver().isEmpty());
  }

  @Test
  public void aSampleOfKnownLengthGoesToTheSlowReplicaIfItEndsThereInTime() {
    Replica slow = replica("http://slow:1", 0.02);
    Replica fast = replica("http://fast:2", 0.01);
    ReplicaSet set = new ReplicaSet(List.of(slow, fast));
    answered(set);
    // 4 samples left, the fast replica's slots: 4 x 235 / 600 = 1.6 s of work
    set.backlog(4);
    assertEquals(java.util.Set.of(slow), set.passedOver());
    // a sample known to be 50 tokens ends on the slow replica in 1 s: it may go there
    assertTrue(set.passedOver(50).isEmpty());
    assertSame(
        slow,
        set.choose(List.of(slow, fast), new HashSet<>(), new ExpectedLength(50, false, true), 1));
    // one known to be 1000 tokens would take 20 s there
    assertEquals(java.util.Set.of(slow), set.passedOver(1000));
    // a problem's mean of 50 is no sample's own length: the slow replica stays passed over
    assertSame(
        fast, set.choose(List.of(slow, fast), new HashSet<>(), new ExpectedLength(50, false), 1));
  }

  /** Answered samples: 17 of 100 tokens and 3 of 1000 (mean 235, 90th percentile 1000). */
  private static void answered(ReplicaSet set) {
    for (int i = 0; i < 17; i++) {
      set.completed().record(100);
    }
    for (int i = 0; i < 3; i++) {
      set.completed().record(1000);
    }
  }
}
