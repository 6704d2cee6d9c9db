package io.mathbeam.transforms;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.ProblemKeys;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.SampleRequests;
import io.mathbeam.transforms.coders.SampleRequestCoder;
import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.PCollection;

/**
 * Fans each problem out into its K sample requests (or the samples named for it), each with its own
 * derived seed, then redistributes them across workers.
 *
 * <p>The redistribution can be turned off: on the DirectRunner, {@code Reshuffle.viaRandomKey}
 * makes every sample its own bundle and was measured 7x to 100x slower (docs/runners.md), while the
 * generation step already keeps many requests in flight from a single bundle.
 */
public final class ExpandSamples
    extends PTransform<PCollection<Problem>, PCollection<SampleRequest>> {
  private final long baseSeed;
  private final boolean reshuffle;
  private final boolean shuffleChoices;
  private final HashMap<String, Integer> problemSamples;

  private ExpandSamples(
      long baseSeed,
      boolean reshuffle,
      boolean shuffleChoices,
      Map<String, Integer> problemSamples) {
    this.baseSeed = baseSeed;
    this.reshuffle = reshuffle;
    this.shuffleChoices = shuffleChoices;
    this.problemSamples = new HashMap<>(problemSamples);
  }

  public static ExpandSamples withBaseSeed(long baseSeed) {
    return new ExpandSamples(baseSeed, true, false, Map.of());
  }

  public ExpandSamples withReshuffle(boolean value) {
    return new ExpandSamples(baseSeed, value, shuffleChoices, problemSamples);
  }

  /** Lists each sample's multiple-choice options in an order drawn from its seed. */
  public ExpandSamples withShuffledChoices(boolean value) {
    return new ExpandSamples(baseSeed, reshuffle, value, problemSamples);
  }

  /**
   * Samples 0..n-1 of the problems named here ({@link ProblemKeys}) instead of their dataset's K:
   * the per-problem phases of {@code --allocation=adaptive}.
   */
  public ExpandSamples withProblemSamples(Map<String, Integer> samples) {
    return new ExpandSamples(baseSeed, reshuffle, shuffleChoices, samples);
  }

  @Override
  public PCollection<SampleRequest> expand(PCollection<Problem> problems) {
    PCollection<SampleRequest> requests =
        problems
            .apply("FanOut", ParDo.of(new FanOutFn(baseSeed, shuffleChoices, problemSamples)))
            .setCoder(SampleRequestCoder.of());
    if (!reshuffle) {
      return requests;
    }
    return requests
        .apply("Redistribute", Reshuffle.viaRandomKey())
        .setCoder(SampleRequestCoder.of());
  }

  static final class FanOutFn extends DoFn<Problem, SampleRequest> {
    private final long baseSeed;
    private final boolean shuffleChoices;
    private final HashMap<String, Integer> problemSamples;

    FanOutFn(long baseSeed, boolean shuffleChoices, HashMap<String, Integer> problemSamples) {
      this.baseSeed = baseSeed;
      this.shuffleChoices = shuffleChoices;
      this.problemSamples = problemSamples;
    }

    @ProcessElement
    public void process(@Element Problem p, OutputReceiver<SampleRequest> out) {
      int samples =
          problemSamples.isEmpty()
              ? p.samples()
              : problemSamples.getOrDefault(
                  ProblemKeys.of(p.datasetId(), p.problemId()), p.samples());
      for (int i = 0; i < samples; i++) {
        out.output(SampleRequests.of(p, i, baseSeed, shuffleChoices));
      }
    }
  }
}
