package io.mathbeam.pipelines.options;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** Sampling parameters and the prompt; all are sent explicitly with every request. */
public interface SamplingOptions extends PipelineOptions {
  @Description("Sampling temperature.")
  @Default.Double(0.6)
  double getTemperature();

  void setTemperature(double value);

  @Description("Nucleus sampling top_p.")
  @Default.Double(0.95)
  double getTopP();

  void setTopP(double value);

  @Description("top_k; -1 disables it.")
  @Default.Integer(-1)
  int getTopK();

  void setTopK(int value);

  @Description("min_p.")
  @Default.Double(0.0)
  double getMinP();

  void setMinP(double value);

  @Description("Maximum generated tokens per sample (reasoning + answer), capped by the context.")
  @Default.Integer(32768)
  int getMaxTokens();

  void setMaxTokens(int value);

  @Description("Stop strings, separated by '|'.")
  String getStop();

  void setStop(String value);

  @Description("Base seed from which every sample's seed is derived.")
  @Default.Long(0)
  long getSeed();

  void setSeed(long value);

  @Description(
      "Multiple-choice problems: list each sample's options in an order drawn from its seed (the"
          + " gold letter follows its option), instead of the file's order.")
  @Default.Boolean(false)
  boolean getShuffleChoices();

  void setShuffleChoices(boolean value);

  @Description("System prompt (chat) or prefix (completions); default none.")
  String getSystemPrompt();

  void setSystemPrompt(String value);

  @Description(
      "User message template; {problem} is replaced by the problem. Default: the problem, then"
          + " 'Please reason step by step, and put your final answer within \\boxed{}.'")
  String getUserTemplate();

  void setUserTemplate(String value);
}
