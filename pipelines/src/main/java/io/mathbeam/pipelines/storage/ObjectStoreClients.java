package io.mathbeam.pipelines.storage;

import io.mathbeam.pipelines.options.StorageOptions;
import java.net.URI;
import org.apache.beam.sdk.io.aws2.options.S3ClientBuilderFactory;
import org.apache.beam.sdk.io.aws2.options.S3Options;
import org.apache.beam.sdk.io.aws2.s3.DefaultS3ClientBuilderFactory;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * Builds the S3 clients of Beam's S3 file system ({@code --s3ClientFactoryClass}): Beam's own, plus
 * the endpoint, path-style access and upload encoding of {@link StorageOptions}, which Beam's
 * options lack. Instantiated by Beam on every worker from the serialized options.
 */
public final class ObjectStoreClients implements S3ClientBuilderFactory {
  /** S3-compatible stores accept any region name; the SDK insists on one. */
  static final Region REGION_FOR_CUSTOM_ENDPOINTS = Region.US_EAST_1;

  @Override
  public S3ClientBuilder createBuilder(S3Options options) {
    S3ClientBuilder builder = new DefaultS3ClientBuilderFactory().createBuilder(options);
    StorageOptions storage = options.as(StorageOptions.class);
    if (storage.getS3Endpoint() != null) {
      builder.endpointOverride(URI.create(storage.getS3Endpoint()));
      if (options.getAwsRegion() == null) {
        builder.region(REGION_FOR_CUSTOM_ENDPOINTS);
      }
    }
    // aws-chunked uploads carry a signature header before each chunk; a store that does not
    // decode them keeps those headers in the object, so custom endpoints get plain bodies
    builder.serviceConfiguration(
        S3Configuration.builder().chunkedEncodingEnabled(storage.getS3ChunkedEncoding()).build());
    return builder.forcePathStyle(storage.getS3PathStyleAccess());
  }
}
