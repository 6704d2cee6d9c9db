package io.mathbeam.pipelines.storage;

import io.mathbeam.pipelines.options.StorageOptions;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.aws2.options.AwsOptions;
import org.apache.beam.sdk.io.aws2.options.S3Options;
import org.apache.beam.sdk.io.aws2.s3.DefaultS3ClientBuilderFactory;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.util.MimeTypes;
import software.amazon.awssdk.regions.Region;

/**
 * The files a run reads and writes, local or on any Beam file system ({@code s3://bucket/key} with
 * {@link StorageOptions}). Every path of the command line goes through here or through Beam's
 * {@link FileSystems}, never through {@code java.nio.file}, so the driver, the workers and later
 * commands all see the same files.
 */
public final class Storage {
  private Storage() {}

  /**
   * Makes this JVM's {@link FileSystems} serve the file systems of {@code options}, with S3 clients
   * from {@link ObjectStoreClients}; the setting travels to the workers with the options. Call it
   * before the first path of the command is read: Beam registers its file systems only when a
   * pipeline is created.
   */
  public static void configure(PipelineOptions options) {
    if (options.as(AwsOptions.class).getEndpoint() != null) {
      // Beam's --endpoint is one letter away from --endpoints, the model replicas: a typo there
      // must not silently evaluate the simulated model
      throw new IllegalArgumentException(
          "--endpoint is not a mathbeam option: model replicas are --endpoints, an S3-compatible"
              + " object store is --s3Endpoint");
    }
    S3Options s3 = options.as(S3Options.class);
    if (s3.getS3ClientFactoryClass() == DefaultS3ClientBuilderFactory.class) {
      s3.setS3ClientFactoryClass(ObjectStoreClients.class);
    }
    FileSystems.setDefaultPipelineOptions(options);
  }

  /**
   * {@link #configure(PipelineOptions)} for a command whose arguments are {@code args}. When none
   * of them (nor {@code $MATHBEAM_DATA}) names an {@code s3://} location or a region, the region is
   * pinned: Beam registers its S3 file system anyway, and its client would look the region up,
   * which outside AWS means waiting for the EC2 metadata service (a second of every run's start).
   */
  public static void configure(PipelineOptions options, List<String> args) {
    String dataDir = System.getenv("MATHBEAM_DATA");
    boolean objectStore =
        args.stream().anyMatch(a -> a.contains("s3://") || a.startsWith("--awsRegion"))
            || (dataDir != null && dataDir.contains("s3://"));
    if (!objectStore) {
      options.as(AwsOptions.class).setAwsRegion(Region.US_EAST_1);
    }
    configure(options);
  }

  /**
   * {@link #configure(PipelineOptions, List)} for a command whose only pipeline options are
   * storage's ({@code options}); {@code locations} are the paths it will read or write.
   */
  public static void configure(List<String> options, List<String> locations) {
    List<String> all = new java.util.ArrayList<>(options);
    all.addAll(locations);
    configure(
        PipelineOptionsFactory.fromArgs(options.toArray(new String[0]))
            .withValidation()
            .as(StorageOptions.class),
        all);
  }

  /** Whether {@code location} names an existing file. */
  public static boolean exists(String location) throws IOException {
    if (LocalPaths.isPlainLocal(location)) {
      // never Beam's match: for a missing path it walks the tree under the first existing parent
      return Files.exists(LocalPaths.path(location));
    }
    MatchResult match = FileSystems.match(List.of(location), EmptyMatchTreatment.ALLOW).get(0);
    return match.status() == MatchResult.Status.OK && !match.metadata().isEmpty();
  }

  /**
   * Opens an existing file.
   *
   * @throws FileNotFoundException when there is none
   */
  public static InputStream open(String location) throws IOException {
    LocalPaths.requireExists(location, "file");
    InputStream in =
        Channels.newInputStream(
            FileSystems.open(FileSystems.matchSingleFileSpec(location).resourceId()));
    return LocalPaths.isPlainLocal(location) ? in : ChunkedObjects.checked(in, location);
  }

  /**
   * The UTF-8 text of an existing file.
   *
   * @throws FileNotFoundException when there is none
   */
  public static String readString(String location) throws IOException {
    try (InputStream in = open(location)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Writes {@code text} as the whole of the file (parent folders are made where there are any). */
  public static void writeString(String location, String text) throws IOException {
    try (OutputStream out =
        Channels.newOutputStream(
            FileSystems.create(FileSystems.matchNewResource(location, false), MimeTypes.TEXT))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** {@code name} inside the directory {@code dir} (a trailing slash of {@code dir} is ignored). */
  public static String resolve(String dir, String name) {
    return dir.replaceAll("/+$", "") + "/" + name;
  }
}
