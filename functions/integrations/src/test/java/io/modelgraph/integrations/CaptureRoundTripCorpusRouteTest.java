package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The dictionaries the generate finding was reported on, through the routes and the graph: import into a space,
 * generate for that space, audit the generated CSV against the same space. Generate used to re-number codes and
 * retype radios (3 errors on validation-types-1, 38 on longitudinal); now the audit of the generated file finds
 * no Coverage or Drift and no more Errors or Warnings than the imported file's own audit. Read from
 * {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
@Tag("store") // its corpus imports stay in the in-process DynamoDB Local: a JVM of its own (docs/testing.md "CI")
class CaptureRoundTripCorpusRouteTest {

    @ParameterizedTest
    @ValueSource(strings = {"REDCapR/validation-types-1.dictionary.csv", "REDCapR/longitudinal.dictionary.csv"})
    void importGenerateAuditThroughTheRoutesIsClean(String name) throws Exception {
        String dir = System.getProperty("corpus.dir", "");
        Path file = Paths.get(dir, "redcap", name);
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isRegularFile(file), "corpus not found (set -Dcorpus.dir)");
        IntegrationCalls calls = new IntegrationCalls();
        String space = java.util.UUID.randomUUID().toString();
        io.modelgraph.graph.store.GraphStore.of(io.modelgraph.store.TestStores.services()).apply(calls.projectId(),
                io.modelgraph.graph.GraphChanges.additions(List.of(new io.modelgraph.graph.GraphChanges.NodeUpsert(
                        space, "study", io.modelgraph.graph.NodeType.Space, List.of())), List.of(), List.of()), "t");
        ObjectNode importBody = Json.object();
        importBody.set("artifacts", Json.object().set("data_dictionary", Json.object().put("base64",
                Base64.getEncoder().encodeToString(Files.readAllBytes(file)))));
        importBody.putArray("spaces").add(space);
        Result imported = calls.call("POST", "/graph/integrations/capture/import/{projectId}", Json.write(importBody),
                "Admin");
        assertEquals(200, imported.status(), imported.toString());
        ObjectNode sourceAudit = importBody.deepCopy();
        Result baseline = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(sourceAudit),
                "Viewer");
        Result generated = calls.call("POST", "/graph/integrations/capture/generate/{projectId}",
                Json.write(Json.object().set("spaces", Json.array().add(space))), "Viewer");
        assertEquals(200, generated.status(), generated.toString());
        String csv = generated.body().path("artifacts").get(0).path("content").asText();
        ObjectNode auditBody = Json.object();
        auditBody.set("artifacts", Json.object().put("data_dictionary", csv));
        auditBody.putArray("spaces").add(space);
        Result audit = calls.call("POST", "/graph/integrations/capture/audit/{projectId}", Json.write(auditBody),
                "Viewer");
        assertEquals(200, audit.status(), audit.toString());
        List<String> governance = new ArrayList<>();
        for (JsonNode f : audit.body().path("findings")) {
            if (f.path("section").asText().equals("Coverage") || f.path("section").asText().equals("Drift")) {
                governance.add(f.path("code").asText() + " " + f.path("subject").asText());
            }
        }
        System.out.printf("route round trip %-45s lossiness %d, audit %d errors %d warnings (source %d, %d)%n", name,
                generated.body().path("lossiness").size(), audit.body().path("errorCount").asInt(),
                audit.body().path("warningCount").asInt(), baseline.body().path("errorCount").asInt(),
                baseline.body().path("warningCount").asInt());
        assertEquals(List.of(), governance);
        assertEquals(baseline.body().path("errorCount").asInt(), audit.body().path("errorCount").asInt(),
                audit.toString());
        assertEquals(baseline.body().path("warningCount").asInt(), audit.body().path("warningCount").asInt(),
                audit.toString());
        assertEquals(0, generated.body().path("lossiness").size(), generated.toString());
    }
}
