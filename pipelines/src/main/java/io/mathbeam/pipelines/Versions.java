package io.mathbeam.pipelines;

import io.mathbeam.core.grading.Grader;
import io.mathbeam.pipelines.eval.RunManifest;
import org.apache.beam.sdk.util.ReleaseInfo;
import org.apache.flink.runtime.util.EnvironmentInformation;

/**
 * {@code mathbeam --version}: mathbeam's version, the grader's (grades of different grader versions
 * are not comparable), and the Beam and Flink versions in the jar, read from the libraries
 * themselves rather than from the build's declarations.
 */
final class Versions {
  private Versions() {}

  static String describe() {
    return "mathbeam "
        + RunManifest.version()
        + "\ngrader   "
        + Grader.VERSION
        + "\nBeam     "
        + ReleaseInfo.getReleaseInfo().getVersion()
        + "\nFlink    "
        + EnvironmentInformation.getVersion()
        + " (the FlinkRunner's embedded cluster)\nJava     "
        + System.getProperty("java.version")
        + "\n";
  }
}
