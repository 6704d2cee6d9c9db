package io.mathbeam.transforms;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Keys;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.View;
import org.apache.beam.sdk.transforms.WithKeys;
import org.apache.beam.sdk.transforms.join.CoGbkResult;
import org.apache.beam.sdk.transforms.join.CoGroupByKey;
import org.apache.beam.sdk.transforms.join.KeyedPCollectionTuple;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.PCollectionView;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * Splits sample requests into those the generation cache already answers ({@link #REUSED}, as
 * generations attached to the current request) and those still to generate ({@link #MISSING}).
 *
 * <p>The missing requests are found with a side input of cached keys, so they keep the large
 * bundles of the fan-out (many requests in flight per bundle). The reused generations are matched
 * to their requests in a join over {@link #BUCKETS} groups of keys rather than one group per
 * sample, because the DirectRunner runs one bundle per key; the join also drops duplicate cache
 * lines (a sample generated twice, e.g. after a worker failure) and lines no request asks for.
 */
public final class ReuseCachedGenerations
    extends PTransform<PCollection<SampleRequest>, PCollectionTuple> {
  public static final TupleTag<Generation> REUSED = new TupleTag<>() {};
  public static final TupleTag<SampleRequest> MISSING = new TupleTag<>() {};
  static final int BUCKETS = 64;

  private final String cacheDir;

  private ReuseCachedGenerations(String cacheDir) {
    this.cacheDir = cacheDir;
  }

  public static ReuseCachedGenerations from(String cacheDir) {
    return new ReuseCachedGenerations(cacheDir);
  }

  @Override
  public PCollectionTuple expand(PCollection<SampleRequest> requests) {
    PCollection<KV<String, String>> cached =
        requests.getPipeline().apply("ReadCache", ReadCacheLines.from(cacheDir));

    PCollectionView<Iterable<String>> cachedKeys =
        cached.apply("CachedKeys", Keys.create()).apply("CachedKeySet", View.asIterable());
    PCollection<SampleRequest> missing =
        requests
            .apply("SkipCached", ParDo.of(new SkipCachedFn(cachedKeys)).withSideInputs(cachedKeys))
            .setCoder(SampleRequestCoder.of());

    TupleTag<SampleRequest> requestTag = new TupleTag<>();
    TupleTag<KV<String, String>> cacheTag = new TupleTag<>();
    PCollection<Generation> reused =
        KeyedPCollectionTuple.of(
                requestTag,
                requests
                    .apply(
                        "RequestBucket",
                        WithKeys.of(
                                (SampleRequest r) -> SampleKeys.bucket(SampleKeys.of(r), BUCKETS))
                            .withKeyType(TypeDescriptors.integers()))
                    .setCoder(KvCoder.of(VarIntCoder.of(), SampleRequestCoder.of())))
            .and(
                cacheTag,
                cached
                    .apply(
                        "CacheBucket",
                        WithKeys.of(
                                (KV<String, String> kv) -> SampleKeys.bucket(kv.getKey(), BUCKETS))
                            .withKeyType(TypeDescriptors.integers()))
                    .setCoder(
                        KvCoder.of(
                            VarIntCoder.of(),
                            KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()))))
            .apply("JoinByBucket", CoGroupByKey.create())
            .apply("AttachToRequests", ParDo.of(new AttachFn(requestTag, cacheTag)))
            .setCoder(GenerationCoder.of());
    return PCollectionTuple.of(REUSED, reused).and(MISSING, missing);
  }

  static final class SkipCachedFn extends DoFn<SampleRequest, SampleRequest> {
    private final PCollectionView<Iterable<String>> cachedKeys;
    private transient Set<String> keys;

    SkipCachedFn(PCollectionView<Iterable<String>> cachedKeys) {
      this.cachedKeys = cachedKeys;
    }

    @ProcessElement
    public void process(ProcessContext c) {
      if (keys == null) {
        keys = new HashSet<>();
        c.sideInput(cachedKeys).forEach(keys::add);
      }
      if (!keys.contains(SampleKeys.of(c.element()))) {
        c.output(c.element());
      }
    }
  }

  static final class AttachFn extends DoFn<KV<Integer, CoGbkResult>, Generation> {
    private final TupleTag<SampleRequest> requestTag;
    private final TupleTag<KV<String, String>> cacheTag;
    private final Counter reused = Metrics.counter("mathbeam", "samples_reused_from_cache");

    AttachFn(TupleTag<SampleRequest> requestTag, TupleTag<KV<String, String>> cacheTag) {
      this.requestTag = requestTag;
      this.cacheTag = cacheTag;
    }

    @ProcessElement
    public void process(@Element KV<Integer, CoGbkResult> bucket, OutputReceiver<Generation> out) {
      Map<String, String> lineByKey = new HashMap<>();
      for (KV<String, String> kv : bucket.getValue().getAll(cacheTag)) {
        // duplicates of a sample are interchangeable; keep the smallest line so every run picks
        // the same one
        lineByKey.merge(kv.getKey(), kv.getValue(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
      }
      if (lineByKey.isEmpty()) {
        return;
      }
      for (SampleRequest request : bucket.getValue().getAll(requestTag)) {
        String line = lineByKey.get(SampleKeys.of(request));
        if (line != null) {
          reused.inc();
          out.output(CachedGenerationJson.generation(CachedGenerationJson.parse(line), request));
        }
      }
    }
  }
}
