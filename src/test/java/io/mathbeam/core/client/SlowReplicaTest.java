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
}
