package io.mathbeam.transforms;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.problems.RejectedRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.SerializableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.apache.beam.sdk.values.TypeDescriptor;

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
    PCollectionTuple read =
        input
            .apply(
                "ListSources",
                Create.of(sources).withCoder(SerializableCoder.of(ProblemSource.class)))
            .apply(
                "ReadFiles",
                ParDo.of(new ReadProblemFileFn(mapping))
                    .withOutputTags(PROBLEMS, TupleTagList.of(REJECTED)));
    read.get(PROBLEMS).setCoder(ProblemCoder.of());
    read.get(REJECTED).setCoder(RejectedRowCoder.of());

    PCollectionTuple deduplicated =
        read.get(PROBLEMS)
            .apply(
                "KeyById", WithKeys.of(Problem::key).withKeyType(TypeDescriptor.of(String.class)))
            .setCoder(KvCoder.of(StringUtf8Coder.of(), ProblemCoder.of()))
            .apply("GroupById", GroupByKey.create())
            .apply(
                "RejectDuplicateIds",
                ParDo.of(new RejectDuplicateIdsFn())
                    .withOutputTags(PROBLEMS, TupleTagList.of(REJECTED)));
    deduplicated.get(PROBLEMS).setCoder(ProblemCoder.of());
    deduplicated.get(REJECTED).setCoder(RejectedRowCoder.of());

    PCollection<RejectedRow> rejected =
        PCollectionList.of(read.get(REJECTED))
            .and(deduplicated.get(REJECTED))
            .apply("AllRejected", org.apache.beam.sdk.transforms.Flatten.pCollections());
    return PCollectionTuple.of(PROBLEMS, deduplicated.get(PROBLEMS)).and(REJECTED, rejected);
  }

  /** Keeps the first row of each (dataset, id) in file and line order; rejects the others. */
  static final class RejectDuplicateIdsFn extends DoFn<KV<String, Iterable<Problem>>, Problem> {
    private static final Comparator<Problem> BY_SOURCE =
        Comparator.comparing((Problem p) -> fileOf(p.source()))
            .thenComparingLong(p -> lineOf(p.source()));

    @ProcessElement
    public void process(@Element KV<String, Iterable<Problem>> group, MultiOutputReceiver out) {
      List<Problem> rows = new ArrayList<>();
      group.getValue().forEach(rows::add);
      rows.sort(BY_SOURCE);
      Problem first = rows.get(0);
      out.get(PROBLEMS).output(first);
      for (Problem dup : rows.subList(1, rows.size())) {
        out.get(REJECTED)
            .output(
                new RejectedRow(
                    dup.datasetId(),
                    fileOf(dup.source()),
                    lineOf(dup.source()),
                    "id",
                    "duplicate id '" + dup.problemId() + "' (first at " + first.source() + ")",
                    dup.problem()));
      }
    }

    private static String fileOf(String source) {
      int colon = source.lastIndexOf(':');
      return colon < 0 ? source : source.substring(0, colon);
    }

    private static long lineOf(String source) {
      int colon = source.lastIndexOf(':');
      try {
        return colon < 0 ? 0 : Long.parseLong(source.substring(colon + 1));
      } catch (NumberFormatException e) {
        return 0;
      }
    }
  }
}
