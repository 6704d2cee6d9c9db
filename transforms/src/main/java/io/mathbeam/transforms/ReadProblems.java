package io.mathbeam.transforms;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.transforms.coders.ProblemCoder;
import io.mathbeam.transforms.coders.RejectedRowCoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;

/**
 * Reads problem files (JSONL, CSV, Parquet, or a built-in set) into {@link Problem}s. Rows that
 * cannot be used (bad JSON, a missing or empty field, a duplicate id within a dataset) go to the
 * {@link #REJECTED} output with file, line and reason; nothing is dropped silently.
 */
public final class ReadProblems extends PTransform<PBegin, PCollectionTuple> {
  public static final TupleTag<Problem> PROBLEMS = new TupleTag<>() {};
  public static final TupleTag<RejectedRow> REJECTED = new TupleTag<>() {};

  private final List<ProblemSource> sources;
  private final FieldMapping mapping;

  private ReadProblems(List<ProblemSource> sources, FieldMapping mapping) {
    this.sources = List.copyOf(sources);
    this.mapping = mapping;
  }

  public static ReadProblems from(List<ProblemSource> sources) {
    if (sources.isEmpty()) {
      throw new IllegalArgumentException("no problem sources: pass --problems or --benchmarks");
    }
    return new ReadProblems(sources, FieldMapping.DEFAULT);
  }

  public ReadProblems withFieldMapping(FieldMapping mapping) {
    return new ReadProblems(sources, mapping);
  }

  @Override
  public PCollectionTuple expand(PBegin input) {
    // All files of a dataset are read by one call, so duplicate ids are found without a shuffle
    // (a GroupByKey here would make the DirectRunner run one bundle per problem downstream).
    Map<String, List<ProblemSource>> byDataset = new LinkedHashMap<>();
    for (ProblemSource source : sources) {
      byDataset.computeIfAbsent(source.datasetId(), d -> new ArrayList<>()).add(source);
    }
    List<List<ProblemSource>> groups = new ArrayList<>(byDataset.values());
    PCollectionTuple read =
        input
            .apply(
                "ListDatasets",
                Create.of(groups)
                    .withCoder(ListCoder.of(SerializableCoder.of(ProblemSource.class))))
            .apply(
                "ReadFiles",
                ParDo.of(new ReadDatasetFn(mapping))
                    .withOutputTags(PROBLEMS, TupleTagList.of(REJECTED)));
    read.get(PROBLEMS).setCoder(ProblemCoder.of());
    read.get(REJECTED).setCoder(RejectedRowCoder.of());
    return read;
  }
}
