package io.mathbeam.transforms;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.sampling.SampleRequests;
import io.mathbeam.transforms.coders.SampleRequestCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.PCollection;

/**
 * Fans each problem out into its K sample requests, each with its own derived seed, then
 * redistributes them across workers.
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

  private ExpandSamples(long baseSeed, boolean reshuffle, boolean shuffleChoices) {
    this.baseSeed = baseSeed;
    this.reshuffle = reshuffle;
    this.shuffleChoices = shuffleChoices;
  }

  public static ExpandSamples withBaseSeed(long baseSeed) {
    return new ExpandSamples(baseSeed, true, false);
  }

  public ExpandSamples withReshuffle(boolean value) {
    return new ExpandSamples(baseSeed, value, shuffleChoices);
  }

  /** Lists each sample's multiple-choice options in an order drawn from its seed. */
  public ExpandSamples withShuffledChoices(boolean value) {
    return new ExpandSamples(baseSeed, reshuffle, value);
  }

  @Override
  public PCollection<SampleRequest> expand(PCollection<Problem> problems) {
    PCollection<SampleRequest> requests =
        problems
            .apply("FanOut", ParDo.of(new FanOutFn(baseSeed, shuffleChoices)))
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

    FanOutFn(long baseSeed, boolean shuffleChoices) {
      this.baseSeed = baseSeed;
      this.shuffleChoices = shuffleChoices;
    }

    @ProcessElement
    public void process(@Element Problem p, OutputReceiver<SampleRequest> out) {
      for (int i = 0; i < p.samples(); i++) {
        out.output(SampleRequests.of(p, i, baseSeed, shuffleChoices));
      }
    }
  }
}
