package io.mathbeam.transforms;

import java.util.Collections;
import org.apache.beam.sdk.coders.CannotProvideCoderException;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;

/**
 * A global combine that always yields exactly one value, the combine of an empty input included,
 * without the side input that {@code Combine.globally} uses for that: its default value comes from
 * a broadcast view of the result and a step that reads it (five more tasks on the FlinkRunner per
 * combine). Here one null, which the combine skips, is added to the input, so the combine always
 * has an input and runs {@code withoutDefaults}.
 */
final class SingleValue<InputT, AccumT, OutputT>
    extends PTransform<PCollection<InputT>, PCollection<OutputT>> {
  private final Combine.CombineFn<InputT, AccumT, OutputT> fn;

  private SingleValue(Combine.CombineFn<InputT, AccumT, OutputT> fn) {
    this.fn = fn;
  }

  static <I, A, O> SingleValue<I, A, O> of(Combine.CombineFn<I, A, O> fn) {
    return new SingleValue<>(fn);
  }

  @Override
  public PCollection<OutputT> expand(PCollection<InputT> input) {
    Coder<InputT> nullable = NullableCoder.of(input.getCoder());
    // the union of DataSets on Flink needs both inputs coded alike
    PCollection<InputT> values =
        input.apply("AsNullable", ParDo.of(new Identity<InputT>())).setCoder(nullable);
    PCollection<InputT> seed =
        input
            .getPipeline()
            .apply("Seed", Create.of(Collections.<InputT>singletonList(null)).withCoder(nullable));
    return PCollectionList.of(values)
        .and(seed)
        .apply("WithSeed", Flatten.pCollections())
        .setCoder(nullable)
        .apply("Combine", Combine.globally(new SkippingNull<>(fn)).withoutDefaults());
  }

  private static final class Identity<T> extends DoFn<T, T> {
    @ProcessElement
    public void process(@Element T element, OutputReceiver<T> out) {
      out.output(element);
    }
  }

  /** The combine, with the seed (null) skipped and the coders of the non-null input. */
  private static final class SkippingNull<I, A, O> extends Combine.CombineFn<I, A, O> {
    private final Combine.CombineFn<I, A, O> fn;

    SkippingNull(Combine.CombineFn<I, A, O> fn) {
      this.fn = fn;
    }

    @Override
    public A createAccumulator() {
      return fn.createAccumulator();
    }

    @Override
    public A addInput(A acc, I input) {
      return input == null ? acc : fn.addInput(acc, input);
    }

    @Override
    public A mergeAccumulators(Iterable<A> accumulators) {
      return fn.mergeAccumulators(accumulators);
    }

    @Override
    public O extractOutput(A acc) {
      return fn.extractOutput(acc);
    }

    @Override
    public Coder<A> getAccumulatorCoder(CoderRegistry registry, Coder<I> inputCoder)
        throws CannotProvideCoderException {
      return fn.getAccumulatorCoder(registry, valueCoder(inputCoder));
    }

    @Override
    public Coder<O> getDefaultOutputCoder(CoderRegistry registry, Coder<I> inputCoder)
        throws CannotProvideCoderException {
      return fn.getDefaultOutputCoder(registry, valueCoder(inputCoder));
    }

    @SuppressWarnings("unchecked")
    private static <T> Coder<T> valueCoder(Coder<T> coder) {
      return coder instanceof NullableCoder<?> n ? (Coder<T>) n.getValueCoder() : coder;
    }
  }
}
