package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.BuiltinProblems;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.ProblemFormat;
import io.mathbeam.core.problems.ProblemSelection;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.pipelines.datasets.PublishedBenchmarks;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The problem sources an evaluation's options name and their problems.
 *
 * @param totalSamples the run's samples, or -1 when a Parquet source's rows are not read yet
 * @param plannedSamples the run's samples counting every row of Parquet sources (some may be
 *     rejected): the size the runner is chosen by
 */
public record EvalInputs(
    List<ProblemSource> sources, List<Problem> known, long totalSamples, long plannedSamples) {

  /**
   * Reads the problems the options select (the built-in sample set when none) and counts the run's
   * samples; Parquet sources are read only by the pipeline, their rows counted from the footers.
   */
  public static EvalInputs read(EvalOptions options) throws Exception {
    FieldMapping mapping =
        new FieldMapping(options.getIdKey(), options.getQuestionKey(), options.getAnswerKey());
    List<ProblemSource> sources =
        ProblemSelection.resolve(
            options.getProblems(),
            options.getBenchmarks(),
            options.getDataDir(),
            options.getSamples(),
            EvalInputs::isFile,
            PublishedBenchmarks.locator(options.getOffline(), System.err));
    if (sources.isEmpty()) {
      sources = List.of(BuiltinProblems.source(BuiltinProblems.SAMPLE, options.getSamples()));
    }
    List<Problem> known = new ArrayList<>();
    long parquetSamples = 0;
    boolean allKnown = true;
    for (ProblemSource source : sources) {
      if (source.format() == ProblemFormat.PARQUET) {
        // read by the pipeline only; the footers give the rows
        allKnown = false;
        parquetSamples += ProblemFiles.parquetRows(source) * source.samples();
      }
      known.addAll(ProblemFiles.readProblems(source, mapping));
    }
    long knownSamples = known.stream().mapToLong(Problem::samples).sum();
    return new EvalInputs(
        sources, known, allKnown ? knownSamples : -1, knownSamples + parquetSamples);
  }

  private static boolean isFile(String location) {
    try {
      return Storage.exists(location);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot look for " + location, e);
    }
  }
}
