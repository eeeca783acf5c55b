package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.json.Json;
import io.modelgraph.transform.TransformCalls.Result;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** odcs, osi, osi-json and synapse through the transform routes on the real stores. */
class ContractFormatsRoutesTest {
    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());

    static String resource(String name) throws Exception {
        try (InputStream in = ContractFormatsRoutesTest.class.getResourceAsStream("/contracts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void odcsImportedThenExportedIsTheContract() throws Exception {
        String contract = resource("orders.odcs.yaml");
        Result imported = calls.post("schema/import", Json.object().put("format", "odcs").put("schema", contract),
                "Admin");
        assertEquals(200, imported.status(), imported.toString());
        Result exported = calls.post("schema/export", Json.object().put("format", "odcs"), "Viewer");
        assertEquals(200, exported.status(), exported.toString());
        JsonNode doc = SafeYaml.read(exported.body().get("schema").asText(), "export");
        assertEquals("orders-contract", doc.path("id").asText());
        assertEquals("shop-data", doc.path("team").path("name").asText(), "the header comes back");
        assertEquals("crm_customers", doc.path("schema").get(0).path("physicalName").asText());
    }

    @Test
    void odcsMapsToOsiAndSynapse() throws Exception {
        String contract = resource("orders.odcs.yaml");
        Result osi = calls.post("schema/map", Json.object().put("sourceFormat", "odcs").put("sourceSchema", contract)
                .put("targetFormat", "osi").set("mapping", Json.object().put("kind", "explicit")
                        .set("guide", Json.object())), "Viewer");
        assertTrue(osi.success(), osi.toString());
        JsonNode semantic = SafeYaml.read(osi.body().get("schema").asText(), "osi");
        JsonNode orders = semantic.path("semantic_model").get(0).path("datasets").get(1);
        assertEquals("orders", orders.path("name").asText());
        assertEquals("order_id", orders.path("primary_key").get(0).asText());
        assertEquals("customers", semantic.path("semantic_model").get(0).path("relationships").get(0).path("to")
                .asText());

        Result synapse = calls.post("schema/map", Json.object().put("sourceFormat", "odcs")
                .put("sourceSchema", contract).put("targetFormat", "synapse").set("mapping", Json.object()
                        .put("kind", "explicit").set("guide", Json.object())), "Viewer");
        assertTrue(synapse.success(), synapse.toString());
        JsonNode bundle = Json.parse(synapse.body().get("schema").asText());
        assertEquals("modelgraph", bundle.path("organizationName").asText());
    }

    @Test
    void synapseOptionsAreCheckedWithTheirKey() {
        calls.post("schema/import", Json.object().put("format", "osi").put("schema", """
                version: "0.2.0.dev0"
                semantic_model:
                  - name: m
                    datasets:
                      - name: d
                        source: s.d
                        fields:
                          - name: f
                            expression: {dialects: [{dialect: ANSI_SQL, expression: f}]}
                """), "Admin");
        Result bad = calls.post("schema/export", Json.object().put("format", "synapse")
                .put("synapseOrganization", "lab"), "Viewer");
        assertEquals(400, bad.status(), bad.toString());
        assertFalse(bad.success());
        assertEquals("synapseOrganization", bad.firstPath());
        Result good = calls.post("schema/export", Json.object().put("format", "synapse")
                .put("synapseOrganization", "my.lab").put("synapseSchemaVersion", "1.0.0"), "Viewer");
        assertTrue(good.success(), good.toString());
        assertTrue(good.body().get("schema").asText().contains("\"my.lab-m.d-1.0.0\""), good.toString());
    }

    @Test
    void malformedDocumentsAreLogicalErrorsWithAPosition() {
        Result yaml = calls.post("schema/import", Json.object().put("format", "odcs")
                .put("schema", "apiVersion: v3.1.0\nkind: DataContract\nschema:\n  - name: [x\n"), "Admin");
        assertEquals(400, yaml.status(), yaml.toString());
        assertTrue(yaml.firstPath().startsWith("line ") || yaml.firstMessage().contains("line "), yaml.toString());
        Result json = calls.post("schema/import", Json.object().put("format", "osi-json")
                .put("schema", "{\"version\": \"0.2.0.dev0\",\n \"semantic_model\": ["), "Admin");
        assertEquals(400, json.status(), json.toString());
        Result alias = calls.post("schema/import", Json.object().put("format", "osi")
                .put("schema", "version: &v \"0.2.0.dev0\"\nx: *v\n"), "Admin");
        assertEquals(400, alias.status(), alias.toString());
        assertTrue(alias.toString().contains("aliases"), alias.toString());
    }
}
