package io.mathbeam.pipelines;

/** Options of {@code mathbeam eval}. */
public interface EvalOptions
    extends InputOptions,
        ServerOptions,
        SamplingOptions,
        OutputOptions,
        JudgeOptions,
        SandboxOptions,
        LaunchOptions {}
