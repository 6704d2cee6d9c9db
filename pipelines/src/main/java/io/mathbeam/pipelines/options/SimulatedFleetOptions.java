package io.mathbeam.pipelines.options;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** The built-in simulated fleet that eval starts when no --endpoints are given. */
public interface SimulatedFleetOptions extends PipelineOptions {
  @Description("Replicas of the built-in simulated fleet (only without --endpoints).")
  @Default.Integer(2)
  int getSimReplicas();

  void setSimReplicas(int value);

  @Description(
      "Time dilation of the built-in simulated fleet: simulated GPU time is divided by this.")
  @Default.Double(400)
  double getSimTimeScale();

  void setSimTimeScale(double value);

  @Description(
      "A JSONL file the built-in simulated fleet appends one line per generation request to (as"
          + " the simulator's --requestLog); none by default.")
  String getSimRequestLog();

  void setSimRequestLog(String value);
}
