package io.modelgraph.clientit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.auth.Role;
import io.modelgraph.client.ApiClient;
import io.modelgraph.client.ApiException;
import io.modelgraph.client.api.DefaultApi;
import io.modelgraph.client.model.CreateNode;
import io.modelgraph.client.model.DecodeFormat;
import io.modelgraph.client.model.EncodeFormat;
import io.modelgraph.client.model.Mapping;
import io.modelgraph.client.model.MappingGuide;
import io.modelgraph.client.model.MixinColumnValue;
import io.modelgraph.client.model.Node;
import io.modelgraph.client.model.NodeType;
import io.modelgraph.client.model.PlanExecute200Response;
import io.modelgraph.client.model.PlanExecuteRequest;
import io.modelgraph.client.model.PlanExecuteRequestPlan;
import io.modelgraph.client.model.Relation;
import io.modelgraph.client.model.SchemaExportRequest;
import io.modelgraph.client.model.SchemaImport200Response;
import io.modelgraph.client.model.SchemaImportRequest;
import io.modelgraph.client.model.SchemaImportRequestSchema;
import io.modelgraph.client.model.SchemaMap200Response;
import io.modelgraph.client.model.SchemaMapRequest;
import io.modelgraph.client.model.SchemaMapRequestSourceSchema;
import io.modelgraph.client.model.SetMixinValue;
import io.modelgraph.local.LocalServer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java client the build generates from openapi.yaml (OpenAPI Generator, library {@code native}) driving the
 * local gateway, started here on embedded DynamoDB Local and S3Proxy: the calls a user's program makes, typed by
 * the document alone. A route whose answer the document mis-describes fails here in the client's deserializer.
 */
class GeneratedClientScenarioTest {
    private static final String PROJECT = java.util.HexFormat.of().formatHex(
            java.nio.ByteBuffer.allocate(16).putLong(System.nanoTime()).putLong(0xc11e47L).array());
    /** A source schema of another team: a Patient with a full name and a birth date. */
    private static final String PATIENT = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema",
             "$defs": {"Patient": {"type": "object", "required": ["fullName"],
                                   "properties": {"fullName": {"type": "string"},
                                                  "birthDate": {"type": "string", "format": "date"}}}}}
            """;

    private static LocalServer server;
    private static DefaultApi api;

    @BeforeAll
    static void startGatewayAndClient() throws Exception {
        server = LocalServer.start(new LocalServer.Options(0, true, Files.createTempDirectory("client-it"), false),
                Map.of(), new PrintStream(PrintStream.nullOutputStream()));
        String token = server.issuer().mint("client-it", PROJECT, Role.Admin);
        ApiClient client = new ApiClient();
        client.updateBaseUri(server.baseUrl());
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        api = new DefaultApi(client);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void graphWritesAnExportAndATransformRoundTripThroughTheGeneratedClient() throws ApiException {
        // nodes, a relation and a mixin value
        // a create retried with the same Idempotency-Key replays the first answer: one node, one id
        CreateNode studyNode = new CreateNode().nodeType(NodeType.TYPE).label("Study");
        String study = api.createNode(PROJECT, studyNode, "scenario-study").getData().getId();
        assertEquals(study, api.createNode(PROJECT, studyNode, "scenario-study").getData().getId());
        String title = api.createNode(PROJECT, new CreateNode().nodeType(NodeType.ELEMENT).label("title"), null)
                .getData().getId();
        api.createRelation(PROJECT, new Relation().fromNodeId(title).toNodeId(study)
                .relationGroupId("domain-includes"), null);
        assertTrue(api.setMixinValue(PROJECT, new SetMixinValue().targetNodeId(study).mixinId("description")
                .addMixinColumnsItem(new MixinColumnValue().id("description").value("A clinical study")), null)
                .getSuccess());

        Node read = api.fetchNode(PROJECT, study, null, true, true).getData();
        assertEquals("Study", read.getLabel());
        assertEquals(NodeType.TYPE, read.getNodeType());
        assertEquals(1, read.getRelations().size(), read.toString());
        assertTrue(read.getMixins().toString().contains("A clinical study"), read.getMixins().toString());
        assertNotNull(read.getCreatedAt());

        // the graph as JSON Schema 2020-12
        String exported = api.exportJsonSchema(PROJECT, "jsonschema-2020-12", null, null, study, null).getData();
        // rooted at Study: its Element is a property, its description mixin the schema's description
        assertTrue(exported.contains("\"title\"") && exported.contains("A clinical study"), exported);

        // a schema imported through transform, then exported again
        SchemaImport200Response imported = api.schemaImport(PROJECT, new SchemaImportRequest()
                .format(DecodeFormat.JSONSCHEMA).schema(new SchemaImportRequestSchema(PATIENT)), null);
        assertTrue(imported.getSuccess(), imported.toString());
        assertEquals(PROJECT, imported.getProjectId());
        String avro = api.schemaExport(PROJECT, new SchemaExportRequest().format(EncodeFormat.AVRO), null).getSchema();
        assertTrue(avro.contains("Patient") && avro.contains("Study"), avro);

        // mapped onto the project's names, into another format, with the plan that did it
        SchemaMap200Response mapped = api.schemaMap(PROJECT, new SchemaMapRequest()
                .sourceFormat(DecodeFormat.JSONSCHEMA).sourceSchema(new SchemaMapRequestSourceSchema(PATIENT))
                .targetFormat(EncodeFormat.AVRO)
                .mapping(new Mapping().kind(Mapping.KindEnum.EXPLICIT).guide(new MappingGuide()
                        .putTypesItem("Patient", "Person").putElementsItem("Patient.fullName", "Person.name"))), null);
        assertTrue(mapped.getSuccess(), mapped.toString());
        assertTrue(mapped.getSchema().contains("Person") && !mapped.getSchema().contains("Patient"),
                mapped.getSchema());
        assertNotNull(mapped.getPlan());
        assertFalse(mapped.getPlan().getOperations().isEmpty(), mapped.getPlan().toString());

        // the plan replayed: the same output without the mapping step
        PlanExecute200Response replayed = api.planExecute(PROJECT, new PlanExecuteRequest()
                .sourceFormat(DecodeFormat.JSONSCHEMA).sourceSchema(new SchemaMapRequestSourceSchema(PATIENT))
                .targetFormat(EncodeFormat.AVRO).plan(new PlanExecuteRequestPlan(mapped.getPlan())), null);
        assertTrue(replayed.getSuccess(), replayed.toString());
        assertEquals(mapped.getSchema(), replayed.getSchema());
    }

    @Test
    void aRefusalArrivesAsTheClientsExceptionWithTheEnvelope() {
        ApiException e = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> api.fetchNode(PROJECT, "no-such-node", null, false, false));
        assertEquals(404, e.getCode());
        assertTrue(e.getResponseBody().contains("\"success\":false"), e.getResponseBody());
    }
}
