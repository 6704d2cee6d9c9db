package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link ClassArchive}: lists merge into their union in first-seen order, a list of classes on a
 * class path of jars (or none) dumps an archive a JVM then maps, and a class path that cannot be
 * archived leaves no archive behind.
 */
public class ClassArchiveTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void mergeKeepsEveryEntryOnceInFirstSeenOrderWithoutComments() throws Exception {
    Path a = tmp.newFile("a.classlist").toPath();
    Path b = tmp.newFile("b.classlist").toPath();
    Files.write(
        a,
        List.of("# NOTE: Do not modify this file.", "java/lang/Object", "java/util/List", ""),
        StandardCharsets.UTF_8);
    Files.write(
        b,
        List.of(
            "#",
            "java/util/List",
            "java/util/ArrayList",
            "@lambda-proxy java/util/Map x ()V",
            "java/lang/Object"),
        StandardCharsets.UTF_8);
    Path merged = tmp.getRoot().toPath().resolve("merged.classlist");

    int entries = ClassArchive.merge(List.of(a, tmp.getRoot().toPath().resolve("gone"), b), merged);

    assertEquals(4, entries);
    assertEquals(
        List.of(
            "java/lang/Object",
            "java/util/List",
            "java/util/ArrayList",
            "@lambda-proxy java/util/Map x ()V"),
        Files.readAllLines(merged, StandardCharsets.UTF_8));
  }

  @Test
  public void aDumpedArchiveIsMappedByTheNextJvm() throws Exception {
    Path list = tmp.newFile("jdk.classlist").toPath();
    Files.write(list, List.of("java/lang/Object", "java/util/ArrayList", "java/util/HashMap"));
    Path emptyClassPath = tmp.newFolder("empty").toPath();
    Path archive = tmp.getRoot().toPath().resolve("jdk.jsa");

    assertTrue(
        ClassArchive.dump(list, archive, emptyClassPath.toString(), tmp.newFile("d.log").toPath()));

    assertTrue(Files.size(archive) > 0);
    assertFalse(Files.exists(archive.resolveSibling("jdk.jsa.partial")));
    // -Xshare:on fails the JVM when the archive cannot be mapped, where :auto would not
    Process java =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:SharedArchiveFile=" + archive,
                "-Xshare:on",
                "-cp",
                emptyClassPath.toString(),
                "-version")
            .redirectErrorStream(true)
            .start();
    String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(java.waitFor(60, TimeUnit.SECONDS));
    assertEquals(output, 0, java.exitValue());
  }

  @Test
  public void aClassPathOfClassDirectoriesIsRefusedAndLeavesNoArchive() throws Exception {
    // a real class in a directory, as a test's or an IDE's class path has them
    String name = ClassArchive.class.getName().replace('.', '/');
    Path classes = tmp.newFolder("classes").toPath();
    Path file = classes.resolve(name + ".class");
    Files.createDirectories(file.getParent());
    try (var in = ClassArchive.class.getResourceAsStream("/" + name + ".class")) {
      Files.write(file, in.readAllBytes());
    }
    Path list = tmp.newFile("app.classlist").toPath();
    Files.write(list, List.of("java/lang/Object", name));
    Path archive = tmp.getRoot().toPath().resolve("app.jsa");
    Path log = tmp.newFile("app.log").toPath();

    assertFalse(ClassArchive.dump(list, archive, classes.toString(), log));

    assertFalse(Files.exists(archive));
    assertFalse(Files.exists(archive.resolveSibling("app.jsa.partial")));
    assertTrue(Files.readString(log), Files.readString(log).contains("non-empty directory"));
  }

  @Test
  public void mapAndListOptionsNameTheFilesAbsolutely() {
    Path archive = Path.of("rel", "x.jsa");
    assertEquals(
        List.of(
            "-XX:SharedArchiveFile=" + archive.toAbsolutePath(), "-Xshare:auto", "-Xlog:cds=off"),
        ClassArchive.mapOptions(archive));
    assertEquals(
        "-XX:DumpLoadedClassList=" + Path.of("l").toAbsolutePath(),
        ClassArchive.listOption(Path.of("l")));
  }
}
