package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * JSON-Schema-Test-Suite (draft-04, -06, -07, 2019-09 and 2020-12, required tests) through the service: each group's schema is served on loopback,
 * merged with mergeJsonSchema into a fresh project, and each case is run through validateJSON. Prints the pass
 * rate next to networknt's own on the same cases (same no-remote loading), and checks that every keyword the
 * default profile does not map is reported in the merge status rather than dropped silently.
 * Reads {@code corpus.dir} (its {@code jsonschema} folder); never copies corpus files.
 */
@Tag("conformance")
@Tag("store") // its corpus imports stay in the in-process DynamoDB Local: a JVM of its own (docs/testing.md "CI")
class JsonSchemaSuiteConformanceTest {
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    private static final Set<String> SCHEMA_ONE = Set.of("items", "additionalProperties", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema");
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");

    private static Path corpus() {
        String dir = System.getProperty("corpus.dir", "");
        Path base = Paths.get(dir);
        Path suite = Files.isDirectory(base.resolve("tests")) ? base : base.resolve("jsonschema");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(suite.resolve("tests/draft2020-12")),
                "JSON Schema test suite not found under corpus.dir='" + dir + "' (expected <dir>/jsonschema/tests/"
                        + "draft2020-12); conformance test skipped");
        return suite;
    }

    /**
     * The suite's folders, with the {@code $schema} a user of that draft declares, networknt's version, and the
     * cases the service passes at least (what it reached; the run is deterministic, so a drop is a regression).
     */
    private record Draft(String folder, String dialect, com.networknt.schema.SpecVersion.VersionFlag version,
            int floor) {
    }

    private static final int FLOOR_DRAFT4 = 601;
    private static final int FLOOR_DRAFT6 = 816;
    private static final int FLOOR_DRAFT7 = 904;
    private static final int FLOOR_2019_09 = 1227;
    private static final int FLOOR_2020_12 = 1249;

    private static final List<Draft> DRAFTS = List.of(
            new Draft("draft4", "http://json-schema.org/draft-04/schema#",
                    com.networknt.schema.SpecVersion.VersionFlag.V4, FLOOR_DRAFT4),
            new Draft("draft6", "http://json-schema.org/draft-06/schema#",
                    com.networknt.schema.SpecVersion.VersionFlag.V6, FLOOR_DRAFT6),
            new Draft("draft7", "http://json-schema.org/draft-07/schema#",
                    com.networknt.schema.SpecVersion.VersionFlag.V7, FLOOR_DRAFT7),
            new Draft("draft2019-09", "https://json-schema.org/draft/2019-09/schema",
                    com.networknt.schema.SpecVersion.VersionFlag.V201909, FLOOR_2019_09),
            new Draft("draft2020-12", "https://json-schema.org/draft/2020-12/schema",
                    com.networknt.schema.SpecVersion.VersionFlag.V202012, FLOOR_2020_12));

    @Test
    void mergedSchemasValidateLikeTheSuiteSays() throws Exception {
        Path suite = corpus();
        List<String> summary = new ArrayList<>();
        for (Draft draft : DRAFTS) {
            if (Files.isDirectory(suite.resolve("tests/" + draft.folder()))) {
                summary.add(runDraft(suite, draft));
            }
        }
        System.out.println("JSON-Schema-Test-Suite (required) through mergeJsonSchema + validateJSON, per draft:");
        summary.forEach(System.out::println);
    }

    /** networknt on the original schema in the draft's own dialect, with nothing loaded from outside. */
    private static com.networknt.schema.JsonSchema original(Draft draft, JsonNode schema) {
        com.networknt.schema.JsonSchemaFactory factory = com.networknt.schema.JsonSchemaFactory.getInstance(
                draft.version(), b -> b.schemaLoaders(l -> l.add(new com.networknt.schema.resource.AllowSchemaLoader(
                        iri -> iri.toString().startsWith("classpath:")))));
        com.networknt.schema.JsonSchema compiled = factory.getSchema(java.net.URI.create("urn:suite"), schema,
                com.networknt.schema.SchemaValidatorsConfig.builder().formatAssertionsEnabled(false).build());
        compiled.initializeValidators();
        return compiled;
    }

    private String runDraft(Path suite, Draft draft) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(suite.resolve("tests/" + draft.folder()))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        boolean latest = draft.folder().equals("draft2020-12");
        int cases = 0;
        int ours = 0;
        int theirs = 0;
        int groups = 0;
        int mergeFailures = 0;
        Map<String, int[]> perFile = new TreeMap<>();
        List<String> unreported = new ArrayList<>();
        Set<String> reportedKeywords = new LinkedHashSet<>();
        List<String> onlyNetworknt = new ArrayList<>();
        List<String> onlyOurs = new ArrayList<>();
        try (FileServer server = new FileServer()) {
            for (Path file : files) {
                JsonNode groupsJson = Json.parse(Files.readString(file));
                String name = file.getFileName().toString();
                int[] tally = perFile.computeIfAbsent(name, k -> new int[3]);
                for (int g = 0; g < groupsJson.size(); g++) {
                    JsonNode group = groupsJson.get(g);
                    groups++;
                    String project = ExchangeTestSupport.newProjectId();
                    ExchangeTestSupport.Client client = new ExchangeTestSupport.Client(true, server.repoBase(), project);
                    JsonNode declared = group.get("schema");
                    if (declared.isObject() && !declared.has("$schema")) {
                        // the draft a user of this folder declares
                        declared = ((com.fasterxml.jackson.databind.node.ObjectNode) declared.deepCopy())
                                .put("$schema", draft.dialect());
                    }
                    String url = server.put("/suite/" + draft.folder() + "/" + name + "/" + g + ".json",
                            declared.toString());
                    String space = MainSpace.idFor(project);
                    var response = client.call("POST", "mergeJsonSchema", Map.of("SpaceId", space, "ConfigTypeId",
                            DefaultProfiles.JSON_SCHEMA_ID, "OverrideNewPropertiesWarning", "true"),
                            "[{\"FileUrl\":\"" + url + "\"}]", "Admin");
                    boolean merged = response.status() == 200;
                    if (!merged) {
                        mergeFailures++;
                    } else if (latest) {
                        JsonNode status = ExchangeTestSupport.json(response).path("data");
                        Set<String> listed = new LinkedHashSet<>();
                        status.path("unmappedProperties").forEach(k -> listed.add(k.asText()));
                        String lost = status.path("notRepresented").toString();
                        for (String k : keywords(group.get("schema"))) {
                            if (!DefaultProfiles.JSON_SCHEMA.properties().containsKey(k) && !k.startsWith("x-")) {
                                if (!listed.contains(k) || !lost.contains(k)) {
                                    unreported.add(name + "[" + g + "] " + k);
                                }
                                reportedKeywords.add(k);
                            }
                        }
                    }
                    com.networknt.schema.JsonSchema direct = null;
                    try {
                        direct = original(draft, group.get("schema"));
                    } catch (RuntimeException | StackOverflowError e) {
                        // networknt refused the schema (e.g. a remote reference it may not load): its cases fail
                    }
                    for (JsonNode test : group.get("tests")) {
                        cases++;
                        tally[0]++;
                        boolean expected = test.get("valid").asBoolean();
                        boolean oursPassed = false;
                        boolean theirsPassed = false;
                        if (merged) {
                            Map<String, String> q = new HashMap<>();
                            q.put("configTypeId", DefaultProfiles.JSON_SCHEMA_ID);
                            q.put("spaceId", space);
                            q.put("jsonString", test.get("data").toString());
                            var v = client.call("GET", "validateJSON", q, null, "Viewer");
                            if (v.status() == 200
                                    && ExchangeTestSupport.json(v).path("data").path("isValid").asBoolean() == expected) {
                                ours++;
                                tally[1]++;
                                oursPassed = true;
                            }
                        }
                        if (direct != null) {
                            try {
                                if (direct.validate(test.get("data")).isEmpty() == expected) {
                                    theirs++;
                                    tally[2]++;
                                    theirsPassed = true;
                                }
                            } catch (RuntimeException | StackOverflowError e) {
                                // a failure to evaluate counts as a failed case
                            }
                        }
                        if (oursPassed != theirsPassed) {
                            (theirsPassed ? onlyNetworknt : onlyOurs).add(name + " / " + group.path("description")
                                    .asText() + " / " + test.path("description").asText());
                        }
                    }
                }
            }
        }
        System.out.println("JSON-Schema-Test-Suite " + draft.folder() + " (required), " + files.size() + " files, "
                + groups + " groups, " + cases + " cases:");
        perFile.forEach((f, t) -> System.out.printf("  %-32s %4d cases  merge+validateJSON %4d  networknt %4d%n", f,
                t[0], t[1], t[2]));
        System.out.println("cases networknt passes and merge+validateJSON fails (" + onlyNetworknt.size() + "):");
        onlyNetworknt.forEach(t -> System.out.println("  - " + t));
        System.out.println("cases merge+validateJSON passes and networknt fails (" + onlyOurs.size() + "):");
        onlyOurs.forEach(t -> System.out.println("  + " + t));
        System.out.println("groups whose merge failed: " + mergeFailures + "; keywords the graph cannot hold, reported: "
                + reportedKeywords);
        assertEquals(List.of(), unreported, "every keyword the graph cannot hold is reported in the merge status");
        assertTrue(cases > 0);
        assertTrue(ours >= draft.floor(), draft.folder() + ": " + ours + " cases pass, fewer than the " + draft.floor()
                + " reached before");
        return String.format(java.util.Locale.ROOT, "  %-13s %5d cases  merge+validateJSON %5d (%.1f%%)  networknt on"
                + " the original %5d (%.1f%%)", draft.folder(), cases, ours, 100.0 * ours / cases, theirs,
                100.0 * theirs / cases);
    }

    /** Keywords at schema positions (not property names, not enum/const data), down to the first unmapped one. */
    private static Set<String> keywords(JsonNode schema) {
        Set<String> out = new LinkedHashSet<>();
        collect(schema, out);
        return out;
    }

    private static void collect(JsonNode schema, Set<String> out) {
        if (!schema.isObject()) {
            return;
        }
        schema.fields().forEachRemaining(f -> {
            out.add(f.getKey());
            if (!DefaultProfiles.JSON_SCHEMA.properties().containsKey(f.getKey())) {
                return; // an unmapped keyword is dropped whole: its report covers everything inside it
            }
            JsonNode v = f.getValue();
            if (SCHEMA_MAPS.contains(f.getKey()) && v.isObject()) {
                v.forEach(s -> collect(s, out));
            } else if (SCHEMA_ONE.contains(f.getKey()) && v.isObject()) {
                collect(v, out);
            } else if (SCHEMA_LISTS.contains(f.getKey()) && v.isArray()) {
                v.forEach(s -> collect(s, out));
            }
        });
    }
}
