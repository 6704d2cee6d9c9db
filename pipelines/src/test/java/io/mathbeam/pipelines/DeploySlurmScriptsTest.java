package io.mathbeam.pipelines;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.Test;

/** The slurm templates in deploy/slurm parse as bash and wire the eval after the servers. */
public class DeploySlurmScriptsTest {
  private static final Path SLURM = Path.of("..", "deploy", "slurm");

  @Test
  public void everyScriptParsesAsBash() throws Exception {
    List<Path> scripts;
    try (Stream<Path> files = Files.list(SLURM)) {
      scripts =
          files
              .filter(p -> p.toString().endsWith(".sbatch") || p.toString().endsWith(".sh"))
              .toList();
    }
    assertEquals(4, scripts.size());
    for (Path script : scripts) {
      Process bash =
          new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
      String output = new String(bash.getInputStream().readAllBytes());
      assertEquals(script + ": " + output, 0, bash.waitFor());
      assertTrue(script + " is executable", Files.isExecutable(script));
    }
  }

  @Test
  public void evalIsSubmittedAfterTheServersAndCancelsThem() throws Exception {
    String submit = Files.readString(SLURM.resolve("submit.sh"));
    assertTrue(submit.contains("--dependency=\"after:$servers\""));
    assertTrue(submit.contains("SERVERS_JOB=$servers"));
    String eval = Files.readString(SLURM.resolve("eval.sbatch"));
    assertTrue(eval.contains("trap 'scancel \"$SERVERS_JOB\""));
    assertTrue(eval.contains("--endpoints=\"$endpoints\""));
  }
}
