package io.mathbeam.pipelines.options;

import io.mathbeam.pipelines.storage.StorageOptions;

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
