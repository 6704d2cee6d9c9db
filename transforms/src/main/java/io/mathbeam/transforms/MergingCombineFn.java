package io.mathbeam.transforms;

import java.io.Serializable;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.CoderRegistry;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.SerializableBiFunction;
import org.apache.beam.sdk.transforms.SerializableFunction;

/**
 * A {@link Combine.CombineFn} over a mutable accumulator, given by its parts: a new accumulator,
 * how an input is added, how two accumulators merge, the output, and the coders. The tallies of
 * ComputeMetrics and WriteRegradeChanges were each the same five overrides; the coders are given
 * because a generic fn's output type cannot be inferred.
 */
final class MergingCombineFn<InputT, AccumT, OutputT>
    extends Combine.CombineFn<InputT, AccumT, OutputT> {
  /** A new, empty accumulator. */
  interface Empty<A> extends Serializable {
    A create();
  }

  private final Empty<AccumT> empty;
  private final SerializableBiFunction<AccumT, InputT, AccumT> add;
  private final SerializableBiFunction<AccumT, AccumT, AccumT> merge;
  private final SerializableFunction<AccumT, OutputT> output;
  private final Coder<AccumT> accumulatorCoder;
  private final Coder<OutputT> outputCoder;

  MergingCombineFn(
      Empty<AccumT> empty,
      SerializableBiFunction<AccumT, InputT, AccumT> add,
      SerializableBiFunction<AccumT, AccumT, AccumT> merge,
      SerializableFunction<AccumT, OutputT> output,
      Coder<AccumT> accumulatorCoder,
      Coder<OutputT> outputCoder) {
    this.empty = empty;
    this.add = add;
    this.merge = merge;
    this.output = output;
    this.accumulatorCoder = accumulatorCoder;
    this.outputCoder = outputCoder;
  }

  /** A combine whose output is its accumulator. */
  static <I, A> MergingCombineFn<I, A, A> tally(
      Empty<A> empty,
      SerializableBiFunction<A, I, A> add,
      SerializableBiFunction<A, A, A> merge,
      Coder<A> coder) {
    return new MergingCombineFn<>(empty, add, merge, acc -> acc, coder, coder);
  }

  @Override
  public AccumT createAccumulator() {
    return empty.create();
  }

  @Override
  public AccumT addInput(AccumT acc, InputT input) {
    return add.apply(acc, input);
  }

  @Override
  public AccumT mergeAccumulators(Iterable<AccumT> accumulators) {
    AccumT merged = empty.create();
    for (AccumT acc : accumulators) {
      merged = merge.apply(merged, acc);
    }
    return merged;
  }

  @Override
  public OutputT extractOutput(AccumT acc) {
    return output.apply(acc);
  }

  @Override
  public Coder<AccumT> getAccumulatorCoder(CoderRegistry registry, Coder<InputT> inputCoder) {
    return accumulatorCoder;
  }

  @Override
  public Coder<OutputT> getDefaultOutputCoder(CoderRegistry registry, Coder<InputT> inputCoder) {
    return outputCoder;
  }
}
