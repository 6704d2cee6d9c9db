package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.GradedSample;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.transforms.ComputeMetrics;
import io.mathbeam.transforms.ExpandSamples;
import io.mathbeam.transforms.FailAboveRejectedFraction;
import io.mathbeam.transforms.GenerateSamples;
import io.mathbeam.transforms.GradeResponses;
import io.mathbeam.transforms.JudgeSamples;
import io.mathbeam.transforms.ReadProblems;
import io.mathbeam.transforms.ReuseCachedGenerations;
import io.mathbeam.transforms.WriteResults;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PDone;

/**
 * The evaluation pipeline: read, fan out, generate, grade, measure, write. A composite, so several
 * evaluations (the models of a sweep) can share one pipeline under distinct names.
 */
public final class EvalPipeline extends PTransform<PBegin, PDone> {
  // a composite is expanded at construction and never shipped to workers
  private final transient EvalConfig config;

  private EvalPipeline(EvalConfig config) {
    this.config = config;
  }

  public static EvalPipeline of(EvalConfig config) {
    return new EvalPipeline(config);
  }

  /** Adds one evaluation to {@code pipeline}. */
  public static void build(Pipeline pipeline, EvalConfig config) {
    pipeline.apply("Eval", of(config));
  }

  @Override
  public PDone expand(PBegin pipeline) {
    PCollectionTuple read =
        pipeline.apply(
            "ReadProblems", ReadProblems.from(config.sources()).withFieldMapping(config.mapping()));
    PCollection<Problem> problems =
        read.apply("CheckRejectedRows", FailAboveRejectedFraction.of(config.maxRejectedFraction()));
    PCollection<SampleRequest> requests =
        problems.apply(
            "ExpandSamples",
            ExpandSamples.withBaseSeed(config.baseSeed())
                .withShuffledChoices(config.shuffleChoices())
                .withReshuffle(config.reshuffle())
                .withProblemSamples(config.problemSamples()));
    PCollection<Generation> generations;
    if (config.generation().cacheDir() == null) {
      generations = requests.apply("GenerateSamples", GenerateSamples.using(config.generation()));
    } else {
      PCollectionTuple split =
          requests.apply(
              "ReuseCachedGenerations",
              ReuseCachedGenerations.from(config.generation().cacheDir()));
      generations =
          PCollectionList.of(split.get(ReuseCachedGenerations.REUSED))
              .and(
                  split
                      .get(ReuseCachedGenerations.MISSING)
                      .apply("GenerateSamples", GenerateSamples.using(config.generation())))
              .apply("AllGenerations", Flatten.pCollections());
    }
    GradeResponses grading =
        config.sandbox() == null
            ? GradeResponses.create()
            : GradeResponses.create().withSandbox(config.sandbox());
    if (!config.judge().enabled()) {
      // the grading step writes samples/ itself: no response text leaves it (docs/runners.md)
      return results(config, read)
          .writeParts(
              generations.apply("GradeResponses", grading.writingSamplesTo(config.outputDir())));
    }
    // a judge reads the graded samples, response text included, before they are written
    PCollection<GradedSample> graded =
        generations
            .apply("GradeResponses", grading)
            .apply("JudgeSamples", JudgeSamples.using(config.judge()));
    PCollection<List<DatasetMetrics>> metrics =
        graded.apply("ComputeMetrics", ComputeMetrics.create());
    graded.apply("WriteResults", results(config, read).withMetrics(metrics));
    return PDone.in(pipeline.getPipeline());
  }

  private static WriteResults results(EvalConfig config, PCollectionTuple read) {
    return WriteResults.to(config.outputDir())
        .withRejected(read.get(ReadProblems.REJECTED))
        .withManifest(config.manifestJson());
  }
}
