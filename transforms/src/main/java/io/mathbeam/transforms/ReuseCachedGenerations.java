package io.mathbeam.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.transforms.coders.GenerationCoder;
import io.mathbeam.transforms.coders.SampleRequestCoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
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
 * sample, because the DirectRunner runs one bundle per key. The join groups pointers to the cache
 * lines, not the lines: a GroupByKey of response texts is held in memory by the DirectRunner and
 * spilled by Flink. Each bucket then reads the lines its requests need, in file order. The join
 * also drops duplicate cache lines (a sample generated twice, e.g. after a worker failure) and
 * lines no request asks for.
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
    PCollection<KV<String, CacheLinePointer>> cached =
        requests.getPipeline().apply("ReadCache", ReadCachePointers.from(cacheDir));

    PCollectionView<Iterable<String>> cachedKeys =
        cached.apply("CachedKeys", Keys.create()).apply("CachedKeySet", View.asIterable());
    PCollection<SampleRequest> missing =
        requests
            .apply("SkipCached", ParDo.of(new SkipCachedFn(cachedKeys)).withSideInputs(cachedKeys))
            .setCoder(SampleRequestCoder.of());

    TupleTag<SampleRequest> requestTag = new TupleTag<>();
    TupleTag<KV<String, CacheLinePointer>> cacheTag = new TupleTag<>();
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
                                (KV<String, CacheLinePointer> kv) ->
                                    SampleKeys.bucket(kv.getKey(), BUCKETS))
                            .withKeyType(TypeDescriptors.integers()))
                    .setCoder(
                        KvCoder.of(
                            VarIntCoder.of(),
                            KvCoder.of(StringUtf8Coder.of(), CacheLinePointerCoder.of()))))
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

  /**
   * Reads the cache lines a bucket's requests ask for and attaches each to its requests. A key
   * cached once is output as soon as its line is read; a key cached more than once (rare) waits
   * until all its lines are read and keeps the smallest, so every run picks the same one.
   */
  static final class AttachFn extends DoFn<KV<Integer, CoGbkResult>, Generation> {
    private static final Comparator<KV<String, CacheLinePointer>> FILE_ORDER =
        Comparator.comparing((KV<String, CacheLinePointer> kv) -> kv.getValue().file())
            .thenComparingLong(kv -> kv.getValue().offset());

    private final TupleTag<SampleRequest> requestTag;
    private final TupleTag<KV<String, CacheLinePointer>> cacheTag;
    private final Counter reused = Metrics.counter("mathbeam", "samples_reused_from_cache");

    AttachFn(TupleTag<SampleRequest> requestTag, TupleTag<KV<String, CacheLinePointer>> cacheTag) {
      this.requestTag = requestTag;
      this.cacheTag = cacheTag;
    }

    @ProcessElement
    public void process(@Element KV<Integer, CoGbkResult> bucket, OutputReceiver<Generation> out)
        throws IOException {
      Map<String, List<SampleRequest>> requestsByKey = new HashMap<>();
      for (SampleRequest request : bucket.getValue().getAll(requestTag)) {
        requestsByKey.computeIfAbsent(SampleKeys.of(request), k -> new ArrayList<>()).add(request);
      }
      List<KV<String, CacheLinePointer>> wanted = new ArrayList<>();
      Map<String, Integer> copies = new HashMap<>();
      for (KV<String, CacheLinePointer> kv : bucket.getValue().getAll(cacheTag)) {
        if (requestsByKey.containsKey(kv.getKey())) {
          wanted.add(kv);
          copies.merge(kv.getKey(), 1, Integer::sum);
        }
      }
      wanted.sort(FILE_ORDER);
      Map<String, String> smallestDuplicate = new HashMap<>();
      try (CacheLineReader reader = new CacheLineReader()) {
        for (KV<String, CacheLinePointer> kv : wanted) {
          String key = kv.getKey();
          String line = reader.read(kv.getValue());
          JsonNode record = record(key, line, kv.getValue());
          if (copies.get(key) == 1) {
            attach(record, requestsByKey.get(key), out);
          } else {
            smallestDuplicate.merge(key, line, (a, b) -> a.compareTo(b) <= 0 ? a : b);
          }
        }
      }
      smallestDuplicate.forEach(
          (key, line) -> attach(CachedGenerationJson.parse(line), requestsByKey.get(key), out));
    }

    /**
     * The parsed line; a line that is no longer the record it was when pointed to means a cache
     * file was rewritten during the run, which would silently lose samples, so it fails the bundle.
     */
    private static JsonNode record(String key, String line, CacheLinePointer pointer)
        throws IOException {
      JsonNode record = CachedGenerationJson.parse(line);
      if (record == null || !key.equals(CachedGenerationJson.key(record))) {
        throw new IOException(pointer + " no longer holds the cache line of " + key);
      }
      return record;
    }

    private void attach(
        JsonNode record, List<SampleRequest> requests, OutputReceiver<Generation> out) {
      for (SampleRequest request : requests) {
        reused.inc();
        out.output(CachedGenerationJson.generation(record, request));
      }
    }
  }
}
