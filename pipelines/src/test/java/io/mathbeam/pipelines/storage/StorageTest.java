package io.mathbeam.pipelines.storage;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.pipelines.options.StorageOptions;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.beam.sdk.io.aws2.options.AwsOptions;
import org.apache.beam.sdk.io.aws2.options.S3Options;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The storage options and local files; s3:// end to end is ObjectStorageTest's. */
public class StorageTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static StorageOptions options(String... args) {
    return PipelineOptionsFactory.fromArgs(args).withValidation().as(StorageOptions.class);
  }

  @Test
  public void pathStyleAccessFollowsACustomEndpointUnlessSet() {
    assertFalse(options().getS3PathStyleAccess());
    assertTrue(options("--s3Endpoint=http://minio:9000").getS3PathStyleAccess());
    assertFalse(
        options("--s3Endpoint=http://minio:9000", "--s3PathStyleAccess=false")
            .getS3PathStyleAccess());
  }

  @Test
  public void configureInstallsTheClientFactoryThatAppliesTheEndpoint() {
    StorageOptions options = options("--s3Endpoint=http://minio:9000");
    Storage.configure(options);
    assertEquals(ObjectStoreClients.class, options.as(S3Options.class).getS3ClientFactoryClass());
  }

  @Test
  public void withoutObjectStoreLocationsTheRegionIsPinnedAndNotLookedUp() {
    StorageOptions local = options();
    Storage.configure(local, List.of("--problems=/data/a.jsonl", "--output=/runs/x"));
    assertEquals("us-east-1", local.as(AwsOptions.class).getAwsRegion().id());

    StorageOptions remote = options("--awsRegion=eu-west-1");
    Storage.configure(remote, List.of("--awsRegion=eu-west-1", "--output=s3://bucket/runs/x"));
    assertEquals("eu-west-1", remote.as(AwsOptions.class).getAwsRegion().id());
  }

  @Test
  public void refusesBeamsEndpointOptionOneLetterFromTheReplicas() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Storage.configure(List.of("--endpoint=http://vllm-0:8000"), List.of()));
    assertTrue(e.getMessage(), e.getMessage().contains("--endpoints"));
    assertTrue(e.getMessage(), e.getMessage().contains("--s3Endpoint"));
  }

  @Test
  public void writesReadsAndFindsLocalFilesMakingParentFolders() throws Exception {
    Storage.configure(List.of(), List.of());
    String file = Storage.resolve(tmp.getRoot() + "/", "a/b/c.txt");
    assertEquals(tmp.getRoot() + "/a/b/c.txt", file);
    assertFalse(Storage.exists(file));
    Storage.writeString(file, "héllo");
    assertTrue(Storage.exists(file));
    assertEquals("héllo", Files.readString(Path.of(file)));
    assertEquals("héllo", Storage.readString(file));
    assertThrows(
        FileNotFoundException.class, () -> Storage.readString(tmp.getRoot() + "/missing.txt"));
  }
}
