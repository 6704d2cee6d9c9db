package io.mathbeam.pipelines.options;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.DefaultValueFactory;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** The OpenAI-compatible servers to sample from. */
public interface ServerOptions extends PipelineOptions {
  @Description(
      "Base URLs of OpenAI-compatible replicas, comma-separated (http://host:8000). Empty starts"
          + " the built-in simulated fleet (a simulated model, for demos and tests).")
  String getEndpoints();

  void setEndpoints(String value);

  @Description("chat (POST /v1/chat/completions) or completions (POST /v1/completions).")
  @Default.String("chat")
  String getApi();

  void setApi(String value);

  @Description("Model name sent with each request; default: the first id of GET /v1/models.")
  String getModel();

  void setModel(String value);

  @Description(
      "API key sent as a Bearer token; default $MATHBEAM_API_KEY. Never written to outputs or"
          + " logs.")
  @Default.InstanceFactory(ApiKeyFactory.class)
  // kept out of the serialized pipeline options, which runners show in their UIs and logs; the
  // workers get the key inside the generation step's client configuration
  @JsonIgnore
  String getApiKey();

  void setApiKey(String value);

  @Description(
      "Cap on sequences in flight per replica (a request with n choices counts n), for the whole"
          + " job; set it near the server's batch capacity (vLLM max_num_seqs).")
  @Default.Integer(64)
  int getMaxInFlightPerReplica();

  void setMaxInFlightPerReplica(int value);

  @Description(
      "How the per-replica limits hold across workers: generation is keyed by this many shards,"
          + " each owning a fixed share of every replica's cap and rates, so the limits hold for"
          + " the whole job however many TaskManagers run it. -1: automatic (FlinkRunner: 4 x"
          + " --parallelism, at most --maxInFlightPerReplica; DirectRunner: no shards, one keyed"
          + " group per runner thread). 0: each JVM"
          + " enforces the limits on its own (W workers may put W x the cap on a replica) and the"
          + " step is not keyed.")
  @Default.Integer(-1)
  int getGenerationShards();

  void setGenerationShards(int value);

  @Description(
      "Order in which pending samples are sent: longest-first (problems whose finished samples"
          + " were longest go first, problems not yet measured first of all, so long generations"
          + " start early and the run ends on short ones) or arrival (problem by problem as they"
          + " were read).")
  @Default.String("longest-first")
  String getDispatchOrder();

  void setDispatchOrder(String value);

  @Description(
      "An earlier run directory of the same model whose samples' completion lengths the dispatch"
          + " order starts from: problems expected longest go first from the start (no probe"
          + " requests); with the same seeds (a nightly rerun), each sample's own length orders a"
          + " problem's samples. none: learn from this run's finished samples only.")
  @Default.String("none")
  String getLengthPriors();

  void setLengthPriors(String value);

  @Description(
      "Tail copies: once no sample waits to be sent, the samples still running on a replica"
          + " clearly slower than the others (1.5x its time per token) are sent again, streamed, to"
          + " faster replicas with free slots when the copy is expected to end first; the first"
          + " answer is kept and the other request cancelled. Uses only slots that would stand"
          + " idle. false: every sample is sent once.")
  @Default.Boolean(true)
  boolean getTailCopies();

  void setTailCopies(boolean value);

  @Description(
      "Samples of one problem fetched by one request, using the OpenAI 'n' parameter (seeds stay"
          + " those of one request per sample: vLLM gives choice i the seed + i). Greedy sampling"
          + " always sends n=1.")
  @Default.Integer(1)
  int getSamplesPerRequest();

  void setSamplesPerRequest(int value);

  @Description(
      "Optional budget of requests started per second, per replica (0 = none); job-wide like the"
          + " in-flight cap (see --generationShards).")
  @Default.Double(0)
  double getMaxRequestsPerSecondPerReplica();

  void setMaxRequestsPerSecondPerReplica(double value);

  @Description(
      "Optional budget of generated tokens per second, per replica (0 = none); a request is"
          + " charged its max_tokens when sent and refunded what it did not use.")
  @Default.Double(0)
  double getMaxTokensPerSecondPerReplica();

  void setMaxTokensPerSecondPerReplica(double value);

  @Description(
      "Stream responses (server-sent events): a replica that goes silent mid-generation is"
          + " detected after --streamIdleTimeoutSeconds instead of at the end of the attempt's"
          + " timeout.")
  @Default.Boolean(false)
  boolean getStream();

  void setStream(boolean value);

  @Description("With --stream, an attempt fails when no byte arrives for this many seconds.")
  @Default.Integer(60)
  int getStreamIdleTimeoutSeconds();

  void setStreamIdleTimeoutSeconds(int value);

  @Description("HTTP attempts per sample before it is recorded as a failure.")
  @Default.Integer(6)
  int getMaxAttempts();

  void setMaxAttempts(int value);

  @Description("Timeout of one HTTP attempt, in seconds (long: reasoning generations are slow).")
  @Default.Integer(1800)
  int getRequestTimeoutSeconds();

  void setRequestTimeoutSeconds(int value);

  /** {@code $MATHBEAM_API_KEY}, or null. */
  class ApiKeyFactory implements DefaultValueFactory<String>, DescribedDefault {
    @Override
    public String describeDefault() {
      return "$MATHBEAM_API_KEY";
    }

    @Override
    public String create(PipelineOptions options) {
      return System.getenv("MATHBEAM_API_KEY");
    }
  }
}
