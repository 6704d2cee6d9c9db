package io.mathbeam.pipelines;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.CoreMatchers.hasItem;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Reads every Kubernetes manifest under {@code deploy/} and checks that the pieces fit together:
 * required fields per kind, selectors that select something, references that resolve, storage that
 * every Flink process shares, and credentials that only ever come from the example Secret. No
 * cluster is involved: this checks structure, not a deployment.
 */
public class DeployManifestsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final String EXAMPLE_SECRETS = "secrets.example.yaml";
  private static final String POD_NAME_LABEL = "statefulset.kubernetes.io/pod-name";
  private static final String FLINK_CONTAINER = "flink-main-container";
  private static final Pattern API_KEY_FLAG =
      Pattern.compile("--api[-_]?key", Pattern.CASE_INSENSITIVE);
  private static final Pattern KEY_LIKE =
      Pattern.compile("\\bsk-[A-Za-z0-9_-]{16,}|\\bBearer\\s+\\S{8,}|\\bhf_[A-Za-z0-9]{20,}");

  private static Path deployDir;
  private static List<Manifest> manifests;

  @BeforeClass
  public static void readDeployFolder() throws IOException {
    deployDir = repositoryRoot().resolve("deploy");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(deployDir)) {
      files =
          walk.filter(Files::isRegularFile)
              .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
              .sorted()
              .toList();
    }
    manifests = new ArrayList<>();
    for (Path file : files) {
      manifests.addAll(parse(deployDir.relativize(file).toString(), Files.readString(file)));
    }
  }

  @Test
  public void deployFolderHoldsEveryPartOfTheDeployment() {
    Set<String> kinds = manifests.stream().map(Manifest::kind).collect(Collectors.toSet());
    for (String kind :
        List.of(
            "FlinkDeployment",
            "FlinkSessionJob",
            "Job",
            "StatefulSet",
            "Service",
            "Secret",
            "PersistentVolumeClaim",
            "ServiceAccount")) {
      assertTrue(
          "no " + kind + " under " + deployDir + " (found " + kinds + ")", kinds.contains(kind));
    }
  }

  @Test
  public void dockerfileAddsTheShadedJarToTheFlink119Image() throws IOException {
    String dockerfile = Files.readString(deployDir.resolve("k8s/flink/Dockerfile"));
    assertThat(dockerfile, containsString("FROM flink:1.19-java17"));
    assertTrue(
        dockerfile,
        Pattern.compile("(?m)^COPY .*pipelines/target/mathbeam\\.jar /opt/flink/usrlib/")
            .matcher(dockerfile)
            .find());
  }

  @Test
  public void everyDocumentNamesApiVersionKindAndName() {
    assertEquals(List.of(), new ManifestChecks(manifests).identity());
  }

  @Test
  public void workloadSelectorsContainersAndGpusAreConsistent() {
    assertEquals(List.of(), new ManifestChecks(manifests).workloads());
  }

  @Test
  public void everyServiceSelectsPodsOfAWorkloadInDeploy() {
    assertEquals(List.of(), new ManifestChecks(manifests).services());
  }

  @Test
  public void flinkClusterAndSessionJobAreComplete() {
    assertEquals(List.of(), new ManifestChecks(manifests).flink());
  }

  @Test
  public void apiKeysComeOnlyFromThePlaceholderSecret() {
    assertEquals(List.of(), new ManifestChecks(manifests).credentials());
  }

  @Test
  public void evalRunsUseFlinkSharedStorageAndDefinedEndpoints() {
    assertEquals(List.of(), new ManifestChecks(manifests).evalRuns());
  }

  @Test
  public void reportsSelectorMismatchInlineKeyAndMissingGpuLimit() throws IOException {
    List<Manifest> broken =
        parse(
            "broken.yaml",
            String.join(
                "\n",
                "apiVersion: apps/v1",
                "kind: Deployment",
                "metadata: {name: vllm-broken}",
                "spec:",
                "  selector: {matchLabels: {app: vllm}}",
                "  template:",
                "    metadata: {labels: {app: something-else}}",
                "    spec:",
                "      containers:",
                "        - name: vllm",
                "          image: vllm/vllm-openai:v0.11.0",
                "          args: [some/model, --api-key=abc]",
                "          env:",
                "            - name: VLLM_API_KEY",
                "              value: sk-0123456789abcdef0123456789",
                "          resources: {limits: {memory: 8Gi}}",
                "---",
                "apiVersion: v1",
                "kind: Service",
                "metadata: {name: vllm-0}",
                "spec:",
                "  selector: {app: vllm-nowhere}",
                "  ports: [{port: 8000}]"));
    ManifestChecks checks = new ManifestChecks(broken);

    List<String> workloads = checks.workloads();
    assertThat(workloads, hasItem(containsString("selector.matchLabels app=vllm")));
    assertThat(workloads, hasItem(containsString("no nvidia.com/gpu limit")));
    List<String> credentials = checks.credentials();
    assertThat(credentials, hasItem(containsString("env VLLM_API_KEY has an inline value")));
    assertThat(credentials, hasItem(containsString("passes an API key on the command line")));
    assertThat(credentials, hasItem(containsString("looks like an inline key")));
    assertThat(checks.services(), hasItem(containsString("selects no pods")));
    for (String error : credentials) {
      assertTrue("error message repeats the key: " + error, !error.contains("0123456789abcdef"));
    }
  }

  @Test
  public void reportsSecretsThatAreRealOrUndefined() throws IOException {
    List<Manifest> broken = new ArrayList<>();
    broken.addAll(
        parse(
            "k8s/" + EXAMPLE_SECRETS,
            String.join(
                "\n",
                "apiVersion: v1",
                "kind: Secret",
                "metadata: {name: mathbeam-api-key}",
                "stringData: {api-key: 3f9a7c1e55d04b2b}")));
    broken.addAll(
        parse(
            "k8s/other.yaml",
            String.join(
                "\n",
                "apiVersion: v1",
                "kind: Secret",
                "metadata: {name: leaked}",
                "data: {api-key: " + base64("REPLACE-ME") + "}",
                "---",
                "apiVersion: batch/v1",
                "kind: Job",
                "metadata: {name: client}",
                "spec:",
                "  template:",
                "    spec:",
                "      containers:",
                "        - name: client",
                "          image: example/client:1",
                "          resources: {requests: {cpu: '1'}}",
                "          env:",
                "            - name: MATHBEAM_API_KEY",
                "              valueFrom: {secretKeyRef: {name: other-secret, key: api-key}}",
                "            - name: OPENAI_API_KEY",
                "              valueFrom: {configMapKeyRef: {name: settings, key: key}}")));
    List<String> errors = new ManifestChecks(broken).credentials();

    assertThat(errors, hasItem(containsString("not an obvious placeholder")));
    assertThat(errors, hasItem(containsString("Secret outside " + EXAMPLE_SECRETS)));
    assertThat(
        errors, hasItem(containsString("other-secret is not a Secret of " + EXAMPLE_SECRETS)));
    assertThat(errors, hasItem(containsString("env OPENAI_API_KEY does not come from")));
  }

  @Test
  public void reportsFlinkMisconfigurationAndUnsharedOutputs() throws IOException {
    List<Manifest> broken =
        parse(
            "broken-flink.yaml",
            String.join(
                "\n",
                "apiVersion: flink.apache.org/v1beta1",
                "kind: FlinkDeployment",
                "metadata: {name: cluster}",
                "spec:",
                "  image: example/flink:1",
                "  flinkVersion: v1_18",
                "  flinkConfiguration: {taskmanager.numberOfTaskSlots: 4}",
                "  jobManager: {resource: {memory: 2048m, cpu: 1}}",
                "  taskManager: {replicas: 1}",
                "---",
                "apiVersion: flink.apache.org/v1beta1",
                "kind: FlinkSessionJob",
                "metadata: {name: sweep}",
                "spec:",
                "  deploymentName: no-such-cluster",
                "  job:",
                "    jarURI: https://example.com/mathbeam.jar",
                "    args: [eval, --output=/tmp/run, --endpoints=http://vllm-9:8000]",
                "---",
                "apiVersion: flink.apache.org/v1beta1",
                "kind: FlinkSessionJob",
                "metadata: {name: sweep-on-cluster}",
                "spec:",
                "  deploymentName: cluster",
                "  job:",
                "    jarURI: https://example.com/mathbeam.jar",
                "    args: [eval, --runner=FlinkRunner, --output=/tmp/run, --cacheDir=s3://b/c,",
                "           --endpoints=http://vllm-0:8000]"));
    ManifestChecks checks = new ManifestChecks(broken);

    List<String> flink = checks.flink();
    assertThat(flink, hasItem(containsString("flinkVersion is v1_18")));
    assertThat(flink, hasItem(containsString("taskManager.replicas is 1")));
    assertThat(flink, hasItem(containsString("taskManager has no resource")));
    assertThat(flink, hasItem(containsString("flinkConfiguration value of taskmanager.numberOf")));
    assertThat(flink, hasItem(containsString("no cluster-level restart strategy")));
    assertThat(flink, hasItem(containsString("deploymentName no-such-cluster")));
    assertThat(flink, hasItem(containsString("args lack --runner=FlinkRunner")));
    List<String> runs = checks.evalRuns();
    assertThat(runs, hasItem(containsString("--output=/tmp/run is not on one ReadWriteMany")));
    assertThat(runs, hasItem(containsString("no --cacheDir")));
    assertThat(
        runs,
        hasItem(containsString("s3:// paths, but the TaskManagers get no AWS_ACCESS_KEY_ID")));
    assertThat(runs, hasItem(containsString("http://vllm-0:8000 is not a Service")));
  }

  private static String base64(String value) {
    return Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8));
  }

  private static Path repositoryRoot() {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("deploy"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no directory with pom.xml and deploy/ above " + start);
  }

  private static List<Manifest> parse(String file, String yaml) throws IOException {
    List<Manifest> docs = new ArrayList<>();
    try (MappingIterator<JsonNode> it =
        YAML.readValues(YAML.getFactory().createParser(yaml), JsonNode.class)) {
      int index = 0;
      while (it.hasNextValue()) {
        JsonNode doc = it.nextValue();
        index++;
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          docs.add(new Manifest(file, index, doc));
        }
      }
    }
    return docs;
  }

  /** One YAML document and where it came from. */
  private record Manifest(String file, int index, JsonNode doc) {
    String kind() {
      return doc.path("kind").asText("");
    }

    String name() {
      return doc.path("metadata").path("name").asText("");
    }

    String namespace() {
      return doc.path("metadata").path("namespace").asText("default");
    }

    JsonNode spec() {
      return doc.path("spec");
    }

    String describe() {
      return file + "#" + index + " (" + kind() + "/" + name() + ")";
    }
  }

  /** The rules, as functions of a set of manifests, so that they can be tried on broken ones. */
  private static final class ManifestChecks {
    private final List<Manifest> all;

    ManifestChecks(List<Manifest> all) {
      this.all = all;
    }

    /** apiVersion, kind and metadata.name everywhere; label and annotation values as strings. */
    List<String> identity() {
      Findings found = new Findings();
      for (Manifest m : all) {
        for (String field : List.of("apiVersion", "kind")) {
          if (m.doc().path(field).asText("").isBlank()) {
            found.add(m, "no %s", field);
          }
        }
        if (m.name().isBlank()) {
          found.add(m, "no metadata.name");
        }
        visit(
            m.doc(),
            node -> {
              for (String map : List.of("labels", "annotations")) {
                for (Map.Entry<String, JsonNode> e : entries(node.path("metadata").path(map))) {
                  if (!e.getValue().isTextual()) {
                    found.add(m, "%s value of %s is not a string (quote it)", map, e.getKey());
                  }
                }
              }
            });
      }
      return found.list;
    }

    /** Selectors match their templates; containers name an image and resources; GPUs limited. */
    List<String> workloads() {
      Findings found = new Findings();
      for (Manifest m : ofKind("Deployment", "StatefulSet", "DaemonSet")) {
        JsonNode selector = m.spec().path("selector").path("matchLabels");
        JsonNode labels = m.spec().path("template").path("metadata").path("labels");
        if (selector.isEmpty()) {
          found.add(m, "no spec.selector.matchLabels");
        }
        for (Map.Entry<String, JsonNode> e : entries(selector)) {
          if (!e.getValue().equals(labels.get(e.getKey()))) {
            found.add(
                m,
                "selector.matchLabels %s=%s is not in spec.template.metadata.labels",
                e.getKey(),
                e.getValue().asText());
          }
        }
        if (m.kind().equals("StatefulSet")) {
          String serviceName = m.spec().path("serviceName").asText("");
          Manifest service = find("Service", m.namespace(), serviceName);
          if (service == null || !"None".equals(service.spec().path("clusterIP").asText())) {
            found.add(m, "serviceName '%s' is not a headless Service in deploy/", serviceName);
          }
        }
      }
      for (Manifest m : ofKind("Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob")) {
        List<JsonNode> containers = containers(podSpec(m));
        if (containers.isEmpty()) {
          found.add(m, "no containers");
        }
        for (JsonNode c : containers) {
          String name = c.path("name").asText("?");
          String image = c.path("image").asText("");
          if (image.isBlank()) {
            found.add(m, "container %s has no image", name);
          }
          JsonNode resources = c.path("resources");
          if (resources.path("requests").isEmpty() && resources.path("limits").isEmpty()) {
            found.add(m, "container %s has no resources", name);
          }
          JsonNode gpuRequest = resources.path("requests").path("nvidia.com/gpu");
          JsonNode gpuLimit = resources.path("limits").path("nvidia.com/gpu");
          boolean gpu =
              image.contains("vllm") || !gpuRequest.isMissingNode() || !gpuLimit.isMissingNode();
          if (gpu && gpuLimit.asInt(0) < 1) {
            found.add(m, "container %s needs a GPU but has no nvidia.com/gpu limit", name);
          } else if (gpu
              && !gpuRequest.isMissingNode()
              && !gpuRequest.asText().equals(gpuLimit.asText())) {
            found.add(m, "container %s: nvidia.com/gpu request differs from its limit", name);
          }
        }
      }
      return found.list;
    }

    /** Every Service selects the pods of some workload in deploy/, and its named ports exist. */
    List<String> services() {
      Findings found = new Findings();
      for (Manifest s : ofKind("Service")) {
        JsonNode selector = s.spec().path("selector");
        if (selector.isEmpty()) {
          found.add(s, "no selector");
          continue;
        }
        List<Manifest> targets =
            ofKind("Deployment", "StatefulSet", "DaemonSet").stream()
                .filter(w -> w.namespace().equals(s.namespace()) && selects(selector, w))
                .toList();
        if (targets.isEmpty()) {
          found.add(s, "selects no pods of a workload in deploy/ (%s)", selector);
          continue;
        }
        for (JsonNode port : s.spec().path("ports")) {
          String target =
              port.path("targetPort").isTextual() ? port.get("targetPort").asText() : "";
          if (!target.isEmpty() && targets.stream().noneMatch(w -> hasPortNamed(w, target))) {
            found.add(s, "targetPort %s names no container port", target);
          }
        }
      }
      return found.list;
    }

    /** The session cluster and the jobs submitted to it. */
    List<String> flink() {
      Findings found = new Findings();
      for (Manifest m : ofKind("FlinkDeployment")) {
        JsonNode spec = m.spec();
        JsonNode conf = spec.path("flinkConfiguration");
        for (Map.Entry<String, JsonNode> e : entries(conf)) {
          if (!e.getValue().isTextual()) {
            found.add(m, "flinkConfiguration value of %s is not a string (quote it)", e.getKey());
          }
        }
        String version = spec.path("flinkVersion").asText("unset");
        if (!version.equals("v1_19")) {
          found.add(m, "flinkVersion is %s; the image and Beam's runner are Flink 1.19", version);
        }
        if (spec.path("image").asText("").isBlank()) {
          found.add(m, "no image");
        }
        for (String role : List.of("jobManager", "taskManager")) {
          JsonNode resource = spec.path(role).path("resource");
          boolean sized =
              resource.hasNonNull("memory") && resource.hasNonNull("cpu")
                  || !spec.path(role).path("resources").isEmpty();
          if (!sized) {
            found.add(m, "%s has no resource (memory and cpu)", role);
          }
        }
        JsonNode replicas = spec.path("taskManager").path("replicas");
        if (!replicas.isMissingNode()) {
          if (replicas.asInt(0) < 2) {
            found.add(m, "taskManager.replicas is %s; a sweep needs 2 or more", replicas.asText());
          }
        } else {
          int slots = Integer.parseInt(conf.path("taskmanager.numberOfTaskSlots").asText("1"));
          int parallelism = Integer.parseInt(conf.path("parallelism.default").asText("1"));
          if ((parallelism + slots - 1) / slots < 2) {
            found.add(
                m, "parallelism %d at %d slots each needs < 2 TaskManagers", parallelism, slots);
          }
        }
        String restart =
            conf.path("restart-strategy.type").asText(conf.path("restart-strategy").asText(""));
        if (restart.isBlank()
            || Set.of("none", "off", "disable").contains(restart.toLowerCase(Locale.ROOT))) {
          found.add(m, "no cluster-level restart strategy: one lost TaskManager fails the job");
        }
        String account = spec.path("serviceAccount").asText("");
        if (find("ServiceAccount", m.namespace(), account) == null) {
          found.add(m, "serviceAccount '%s' is not defined in deploy/", account);
        }
      }
      for (Manifest m : ofKind("FlinkSessionJob")) {
        String target = m.spec().path("deploymentName").asText("");
        Manifest cluster = find("FlinkDeployment", m.namespace(), target);
        if (cluster == null) {
          found.add(m, "deploymentName %s is no FlinkDeployment in deploy/", target);
        } else if (cluster.spec().has("job")) {
          found.add(m, "deploymentName %s is an application cluster, not a session", target);
        }
        JsonNode job = m.spec().path("job");
        if (job.path("jarURI").asText("").isBlank()) {
          found.add(m, "no job.jarURI");
        }
        if (!strings(job.path("args")).contains("--runner=FlinkRunner")) {
          found.add(m, "args lack --runner=FlinkRunner");
        }
      }
      return found.list;
    }

    /** Keys only through secretKeyRef to the example Secret, whose values are placeholders. */
    List<String> credentials() {
      Findings found = new Findings();
      Map<String, Set<String>> exampleKeys = new HashMap<>();
      for (Manifest m : ofKind("Secret")) {
        if (!Path.of(m.file()).getFileName().toString().equals(EXAMPLE_SECRETS)) {
          found.add(
              m, "a Secret outside %s: real secrets never go into the repository", EXAMPLE_SECRETS);
          continue;
        }
        Set<String> keys = new TreeSet<>();
        for (String field : List.of("stringData", "data")) {
          for (Map.Entry<String, JsonNode> e : entries(m.doc().path(field))) {
            keys.add(e.getKey());
            String value = e.getValue().asText();
            if (field.equals("data")) {
              value = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
            }
            if (!isPlaceholder(value)) {
              found.add(m, "value of %s is not an obvious placeholder", e.getKey());
            }
          }
        }
        exampleKeys.put(m.namespace() + "/" + m.name(), keys);
      }
      for (Manifest m : all) {
        if (!m.kind().equals("Secret")) {
          visit(m.doc(), node -> checkCredentials(m, node, exampleKeys, found));
        }
      }
      return found.list;
    }

    private static void checkCredentials(
        Manifest m, JsonNode node, Map<String, Set<String>> exampleKeys, Findings found) {
      for (JsonNode env : node.path("env")) {
        String name = env.path("name").asText("");
        if (!name.toUpperCase(Locale.ROOT).contains("API_KEY")) {
          continue;
        }
        if (env.has("value")) {
          found.add(m, "env %s has an inline value; use valueFrom.secretKeyRef", name);
        } else if (!env.path("valueFrom").has("secretKeyRef")) {
          found.add(m, "env %s does not come from valueFrom.secretKeyRef", name);
        }
      }
      JsonNode ref = node.path("secretKeyRef");
      if (ref.isObject()) {
        String secret = ref.path("name").asText("");
        String key = ref.path("key").asText("");
        Set<String> keys = exampleKeys.get(m.namespace() + "/" + secret);
        if (keys == null) {
          found.add(
              m,
              "secretKeyRef %s is not a Secret of %s in %s",
              secret,
              EXAMPLE_SECRETS,
              m.namespace());
        } else if (!keys.contains(key)) {
          found.add(m, "secretKeyRef %s has no key %s", secret, key);
        }
      }
      // The messages never quote the string: it may be the key itself.
      if (node.isTextual() && API_KEY_FLAG.matcher(node.asText()).find()) {
        found.add(m, "passes an API key on the command line");
      }
      if (node.isTextual() && KEY_LIKE.matcher(node.asText()).find()) {
        found.add(m, "a string looks like an inline key or token");
      }
    }

    /**
     * Each eval invocation (a FlinkSessionJob's args, or a Job container running {@code eval}) uses
     * the FlinkRunner, keeps --output and --cacheDir on one ReadWriteMany volume that the driver,
     * the JobManager and the TaskManagers all mount, or on an object store URL whose credentials
     * all three get from a Secret, and names replicas that are Services of deploy/.
     */
    List<String> evalRuns() {
      Findings found = new Findings();
      for (Manifest m : ofKind("FlinkSessionJob")) {
        String target = m.spec().path("deploymentName").asText("");
        Manifest cluster = find("FlinkDeployment", m.namespace(), target);
        // main() runs in the JobManager: it is the driver.
        List<JsonNode> driverPods = cluster == null ? List.of() : flinkPods(cluster, "jobManager");
        checkEvalRun(
            m,
            strings(m.spec().path("job").path("args")),
            cluster,
            driverPods,
            FLINK_CONTAINER,
            found);
      }
      for (Manifest m : ofKind("Job", "CronJob")) {
        for (JsonNode c : containers(podSpec(m))) {
          List<String> argv = new ArrayList<>(strings(c.path("command")));
          argv.addAll(strings(c.path("args")));
          if (!argv.contains("eval")) {
            continue;
          }
          String master = option(argv, "--flinkMaster");
          Manifest cluster = master == null ? null : clusterBehind(master, m.namespace());
          if (master == null) {
            found.add(m, "eval driver names no --flinkMaster");
          } else if (cluster == null) {
            found.add(
                m, "--flinkMaster=%s is no FlinkDeployment's REST Service (<name>-rest)", master);
          }
          checkEvalRun(m, argv, cluster, List.of(podSpec(m)), c.path("name").asText(""), found);
        }
      }
      return found.list;
    }

    private void checkEvalRun(
        Manifest m,
        List<String> args,
        Manifest cluster,
        List<JsonNode> driverPods,
        String driverContainer,
        Findings found) {
      Map<String, String> driver = mounts(driverPods, driverContainer);
      if (!args.contains("--runner=FlinkRunner")) {
        found.add(m, "eval without --runner=FlinkRunner");
      }
      boolean objectStore = false;
      for (String name : List.of("--output", "--cacheDir", "--dataDir", "--problems")) {
        String value = option(args, name);
        objectStore |= value != null && value.startsWith("s3://");
      }
      if (objectStore) {
        Map<String, List<JsonNode>> readers = new LinkedHashMap<>();
        readers.put("the driver", driverPods);
        if (cluster != null) {
          readers.put("the JobManager", flinkPods(cluster, "jobManager"));
          readers.put("the TaskManagers", flinkPods(cluster, "taskManager"));
        }
        for (Map.Entry<String, List<JsonNode>> reader : readers.entrySet()) {
          String container =
              reader.getKey().equals("the driver") ? driverContainer : FLINK_CONTAINER;
          for (String variable : List.of("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")) {
            if (!fromSecret(reader.getValue(), container, variable, m.namespace())) {
              found.add(
                  m, "s3:// paths, but %s get no %s from a Secret", reader.getKey(), variable);
            }
          }
        }
      }
      for (String name : List.of("--output", "--cacheDir")) {
        String value = option(args, name);
        if (value == null) {
          found.add(m, "no %s", name);
        } else if (!value.contains("://") && cluster != null) {
          String ns = m.namespace();
          String onDriver = sharedClaimAt(driver, value, ns);
          String onJobManager = sharedClaimAt(flinkMounts(cluster, "jobManager"), value, ns);
          String onTaskManager = sharedClaimAt(flinkMounts(cluster, "taskManager"), value, ns);
          if (onDriver == null
              || !onDriver.equals(onJobManager)
              || !onDriver.equals(onTaskManager)) {
            found.add(
                m,
                "%s=%s is not on one ReadWriteMany volume mounted by the driver, the JobManager and"
                    + " the TaskManagers (claims found: %s, %s, %s)",
                name,
                value,
                onDriver,
                onJobManager,
                onTaskManager);
          }
        }
      }
      String endpoints = option(args, "--endpoints");
      if (endpoints == null) {
        found.add(m, "no --endpoints: eval would sample a simulated model");
        return;
      }
      for (String url : endpoints.split(",")) {
        URI uri = URI.create(url.trim());
        String[] labels = String.valueOf(uri.getHost()).split("\\.");
        Manifest service =
            find("Service", labels.length > 1 ? labels[1] : m.namespace(), labels[0]);
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        boolean served = false;
        if (service != null) {
          for (JsonNode p : service.spec().path("ports")) {
            served |= p.path("port").asInt(-1) == port;
          }
        }
        if (!served) {
          found.add(m, "endpoint %s is not a Service port in deploy/", url);
        }
      }
    }

    /** The FlinkDeployment whose REST Service ({@code <name>-rest}) {@code master} names. */
    private Manifest clusterBehind(String master, String namespace) {
      String host = master.replaceFirst(":.*$", "").split("\\.")[0];
      if (!host.endsWith("-rest")) {
        return null;
      }
      return find(
          "FlinkDeployment", namespace, host.substring(0, host.length() - "-rest".length()));
    }

    /** The mounts of the Flink container in one role's pods (shared podTemplate merged in). */
    private static Map<String, String> flinkMounts(Manifest cluster, String role) {
      return mounts(flinkPods(cluster, role), FLINK_CONTAINER);
    }

    /** One role's pod specs: the shared podTemplate's and the role's own. */
    private static List<JsonNode> flinkPods(Manifest cluster, String role) {
      JsonNode spec = cluster.spec();
      return List.of(
          spec.path("podTemplate").path("spec"), spec.path(role).path("podTemplate").path("spec"));
    }

    /** Whether {@code container} of these pods sets {@code variable} from a Secret of deploy/. */
    private boolean fromSecret(
        List<JsonNode> podSpecs, String container, String variable, String namespace) {
      for (JsonNode spec : podSpecs) {
        for (JsonNode c : containers(spec)) {
          if (!c.path("name").asText().equals(container)) {
            continue;
          }
          for (JsonNode env : c.path("env")) {
            JsonNode ref = env.path("valueFrom").path("secretKeyRef");
            if (env.path("name").asText().equals(variable)
                && find("Secret", namespace, ref.path("name").asText("")) != null) {
              return true;
            }
          }
        }
      }
      return false;
    }

    /** Mount path to claim name (empty for volumes that are not claims). */
    private static Map<String, String> mounts(List<JsonNode> podSpecs, String container) {
      Map<String, String> claims = new HashMap<>();
      for (JsonNode spec : podSpecs) {
        for (JsonNode v : spec.path("volumes")) {
          String claim = v.path("persistentVolumeClaim").path("claimName").asText("");
          claims.put(v.path("name").asText(), claim);
        }
      }
      Map<String, String> byPath = new HashMap<>();
      for (JsonNode spec : podSpecs) {
        for (JsonNode c : containers(spec)) {
          if (c.path("name").asText().equals(container)) {
            for (JsonNode mount : c.path("volumeMounts")) {
              String claim = claims.getOrDefault(mount.path("name").asText(), "");
              byPath.put(mount.path("mountPath").asText(), claim);
            }
          }
        }
      }
      return byPath;
    }

    /** The ReadWriteMany claim in deploy/ that holds {@code path} in these mounts, or null. */
    private String sharedClaimAt(Map<String, String> mounts, String path, String namespace) {
      String best = null;
      for (String mountPath : mounts.keySet()) {
        String dir = mountPath.replaceAll("/+$", "");
        boolean under = path.equals(dir) || path.startsWith(dir + "/");
        if (under && (best == null || mountPath.length() > best.length())) {
          best = mountPath;
        }
      }
      Manifest claim =
          best == null ? null : find("PersistentVolumeClaim", namespace, mounts.get(best));
      if (claim == null || !strings(claim.spec().path("accessModes")).contains("ReadWriteMany")) {
        return null;
      }
      return claim.name();
    }

    private static boolean selects(JsonNode selector, Manifest workload) {
      JsonNode labels = workload.spec().path("template").path("metadata").path("labels");
      for (Map.Entry<String, JsonNode> e : entries(selector)) {
        boolean matched =
            e.getKey().equals(POD_NAME_LABEL)
                ? isStatefulSetPod(workload, e.getValue().asText())
                : e.getValue().equals(labels.get(e.getKey()));
        if (!matched) {
          return false;
        }
      }
      return true;
    }

    /** The StatefulSet controller labels pod i with its name, {@code <set>-<i>}. */
    private static boolean isStatefulSetPod(Manifest workload, String podName) {
      if (!workload.kind().equals("StatefulSet")) {
        return false;
      }
      int replicas = workload.spec().path("replicas").asInt(1);
      for (int i = 0; i < replicas; i++) {
        if (podName.equals(workload.name() + "-" + i)) {
          return true;
        }
      }
      return false;
    }

    private static boolean hasPortNamed(Manifest workload, String name) {
      for (JsonNode c : containers(podSpec(workload))) {
        for (JsonNode port : c.path("ports")) {
          if (port.path("name").asText().equals(name)) {
            return true;
          }
        }
      }
      return false;
    }

    private List<Manifest> ofKind(String... kinds) {
      Set<String> wanted = Set.of(kinds);
      return all.stream().filter(m -> wanted.contains(m.kind())).toList();
    }

    private Manifest find(String kind, String namespace, String name) {
      for (Manifest m : all) {
        if (m.kind().equals(kind) && m.namespace().equals(namespace) && m.name().equals(name)) {
          return m;
        }
      }
      return null;
    }

    private static JsonNode podSpec(Manifest m) {
      JsonNode spec = m.spec();
      if (m.kind().equals("CronJob")) {
        spec = spec.path("jobTemplate").path("spec");
      }
      return spec.path("template").path("spec");
    }

    private static List<JsonNode> containers(JsonNode podSpec) {
      List<JsonNode> out = new ArrayList<>();
      podSpec.path("initContainers").forEach(out::add);
      podSpec.path("containers").forEach(out::add);
      return out;
    }

    private static List<Map.Entry<String, JsonNode>> entries(JsonNode object) {
      List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
      object.fields().forEachRemaining(out::add);
      return out;
    }

    private static List<String> strings(JsonNode array) {
      List<String> out = new ArrayList<>();
      array.forEach(n -> out.add(n.asText()));
      return out;
    }

    /** The value of {@code --name=value} or {@code --name value}, or null. */
    private static String option(List<String> args, String name) {
      for (int i = 0; i < args.size(); i++) {
        if (args.get(i).startsWith(name + "=")) {
          return args.get(i).substring(name.length() + 1);
        }
        if (args.get(i).equals(name) && i + 1 < args.size()) {
          return args.get(i + 1);
        }
      }
      return null;
    }

    private static boolean isPlaceholder(String value) {
      String v = value.toLowerCase(Locale.ROOT);
      return v.contains("placeholder")
          || v.contains("replace")
          || v.contains("changeme")
          || v.contains("change-me")
          || (v.startsWith("<") && v.endsWith(">"));
    }

    /** Calls {@code visitor} on {@code node} and every node below it. */
    private static void visit(JsonNode node, Consumer<JsonNode> visitor) {
      visitor.accept(node);
      if (node.isContainerNode()) {
        node.forEach(child -> visit(child, visitor));
      }
    }
  }

  /** Problems found, each prefixed with the document it is about. */
  private static final class Findings {
    final List<String> list = new ArrayList<>();

    void add(Manifest m, String format, Object... args) {
      list.add(m.describe() + ": " + String.format(Locale.ROOT, format, args));
    }
  }
}
