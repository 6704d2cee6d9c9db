package io.mathbeam.pipelines.options;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.DefaultValueFactory;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Where {@code s3://} paths live. Credentials come from the default AWS chain (environment, {@code
 * ~/.aws}, web identity, instance or container role); the region from {@code --awsRegion} (Beam's)
 * or that chain.
 */
public interface StorageOptions extends PipelineOptions {
  @Description(
      "Endpoint of an S3-compatible object store for s3:// paths (MinIO, Ceph RGW, ...), e.g."
          + " http://minio:9000; unset: AWS S3 of the region.")
  String getS3Endpoint();

  void setS3Endpoint(String value);

  @Description(
      "Address buckets as http://host/bucket/key instead of http://bucket.host/key; default"
          + " true when --s3Endpoint is set (MinIO and Ceph need it), false on AWS.")
  @Default.InstanceFactory(PathStyleWhenEndpoint.class)
  boolean getS3PathStyleAccess();

  void setS3PathStyleAccess(boolean value);

  @Description(
      "Send uploads with the aws-chunked encoding (streaming SigV4 signatures); default false when"
          + " --s3Endpoint is set, as some S3-compatible stores (s3rver) keep the chunk headers in"
          + " the object, true on AWS.")
  @Default.InstanceFactory(ChunkedOnAwsOnly.class)
  boolean getS3ChunkedEncoding();

  void setS3ChunkedEncoding(boolean value);

  /** aws-chunked uploads on AWS, plain signed bodies for a custom endpoint. */
  class ChunkedOnAwsOnly implements DefaultValueFactory<Boolean>, DescribedDefault {
    @Override
    public String describeDefault() {
      return "false with --s3Endpoint, else true";
    }

    @Override
    public Boolean create(PipelineOptions options) {
      return options.as(StorageOptions.class).getS3Endpoint() == null;
    }
  }

  /** Path-style access for a custom endpoint, virtual-hosted style for AWS. */
  class PathStyleWhenEndpoint implements DefaultValueFactory<Boolean>, DescribedDefault {
    @Override
    public String describeDefault() {
      return "true with --s3Endpoint, else false";
    }

    @Override
    public Boolean create(PipelineOptions options) {
      return options.as(StorageOptions.class).getS3Endpoint() != null;
    }
  }
}
