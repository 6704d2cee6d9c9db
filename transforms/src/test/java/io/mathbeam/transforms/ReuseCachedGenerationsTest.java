package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import io.mathbeam.transforms.coders.SampleRequestCoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ReuseCachedGenerationsTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();
  @Rule public final transient TemporaryFolder tmp = new TemporaryFolder();

  private static SampleRequest request(int index) {
    return new SampleRequest("d", "p", "What is 1+1? \u00e9", List.of("2"), index, 8, 100 + index);
  }

  /** What the server returned, attached to the request it answers. */
  private static Generation generation(SampleRequest r, String text, int tokens) {
    return Generation.builder(r)
        .text(text)
        .reasoning("thought")
        .finishReason("stop")
        .promptTokens(7)
        .completionTokens(tokens)
        .latencyMs(300)
        .replica("http://r")
        .attempts(1)
        .build();
  }

  private static String line(Generation g) {
    return CachedGenerationJson.line(SampleKeys.of(g.request()), g);
  }

  private static void write(Path file, String... lines) throws IOException {
    Files.write(file, String.join("", lines).getBytes(StandardCharsets.UTF_8));
  }

  @Test
  public void reusesTheSmallestCompleteLineOfEachRequestedSampleAndReportsTheRest()
      throws IOException {
    SampleRequest unicode = request(0);
    SampleRequest twice = request(1);
    SampleRequest crlf = request(2);
    SampleRequest cutShort = request(3);
    SampleRequest uncached = request(4);
    SampleRequest noOneAsks = request(5);
    Generation unicodeAnswer = generation(unicode, "\u2211 \u00e9 \ud83d\ude00 \\boxed{2}", 11);
    Generation twiceLarger = generation(twice, "B \ud83d\ude00", 12);
    Generation twiceSmaller = generation(twice, "A \u00e9", 13);
    Generation crlfAnswer = generation(crlf, "\u00e9\u00e9 CRLF", 14);
    String cutLine = line(generation(cutShort, "\u2211 cut", 15));

    Path dir = tmp.newFolder("cache").toPath();
    // the larger duplicate comes first in file order, so the first line read must not win
    write(
        dir.resolve("a.jsonl"),
        line(twiceLarger) + "\n",
        line(unicodeAnswer) + "\n",
        line(generation(noOneAsks, "unasked \ud83d\ude00", 16)) + "\n",
        cutLine.substring(0, cutLine.length() - 9));
    write(dir.resolve("b.jsonl"), line(crlfAnswer) + "\r\n", "\r\n", line(twiceSmaller) + "\r\n");
    write(dir.resolve("c.jsonl"), line(unicodeAnswer) + "\n");
    write(dir.resolve("notes.txt"), line(generation(uncached, "not a cache file", 17)) + "\n");

    PCollectionTuple split =
        pipeline
            .apply(
                Create.of(unicode, twice, crlf, cutShort, uncached)
                    .withCoder(SampleRequestCoder.of()))
            .apply(ReuseCachedGenerations.from(dir.toString()));

    PAssert.that(split.get(ReuseCachedGenerations.REUSED))
        .containsInAnyOrder(unicodeAnswer, twiceSmaller, crlfAnswer);
    PAssert.that(split.get(ReuseCachedGenerations.MISSING)).containsInAnyOrder(cutShort, uncached);
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertEquals(6, counter(result, "cache_lines_read"));
    assertEquals(2, counter(result, "cache_lines_unreadable"));
    assertEquals(3, counter(result, "samples_reused_from_cache"));
  }

  @Test
  public void aMissingCacheDirectoryAnswersNothing() {
    SampleRequest r = request(0);
    PCollectionTuple split =
        pipeline
            .apply(Create.of(r).withCoder(SampleRequestCoder.of()))
            .apply(ReuseCachedGenerations.from(tmp.getRoot() + "/absent"));
    PAssert.that(split.get(ReuseCachedGenerations.REUSED)).empty();
    PAssert.that(split.get(ReuseCachedGenerations.MISSING)).containsInAnyOrder(r);
    pipeline.run().waitUntilFinish();
  }

  private static long counter(PipelineResult result, String name) {
    long total = 0;
    for (MetricResult<Long> c :
        result
            .metrics()
            .queryMetrics(
                MetricsFilter.builder()
                    .addNameFilter(MetricNameFilter.named("mathbeam", name))
                    .build())
            .getCounters()) {
      total += c.getAttempted();
    }
    return total;
  }
}
