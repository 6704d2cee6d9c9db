package io.mathbeam.core.sampling;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.SampleRequest;
import java.util.List;
import org.junit.Test;

/** Another sample of the problem a request samples is the fan-out's sample of that index. */
public class SampleRequestsTest {
  @Test
  public void anotherSampleIsTheFanOutsSampleOfThatIndex() {
    Problem open = new Problem("d", "p1", "What is 2+2?", List.of("4"), 8, "f:1");
    Problem choice =
        new Problem("mc", "q", "Pick blue.", List.of("B"), 8, "f:2", List.of("red", "blue"));
    for (Problem p : List.of(open, choice)) {
      SampleRequest first = SampleRequests.of(p, 0, 11, false);
      for (int index = 1; index < 8; index++) {
        assertEquals(
            SampleRequests.of(p, index, 11, false), SampleRequests.another(first, index, 11));
      }
    }
  }
}
