package io.mathbeam.pipelines.options;

/** Options of {@code mathbeam eval}. */
public interface EvalOptions
    extends InputOptions,
        ServerOptions,
        SimulatedFleetOptions,
        SamplingOptions,
        OutputOptions,
        RunFailureOptions,
        JudgeOptions,
        SandboxOptions,
        LaunchOptions,
        StorageOptions {}
