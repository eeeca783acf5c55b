package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.transform.TransformCalls.Result;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** The avro and protobuf codecs through schema/import, schema/export and schema/map, with no route change. */
class AvroProtobufRoutesTest {
    static final String AVRO = """
            {"type": "record", "name": "Order", "namespace": "shop.v1", "fields": [
              {"name": "id", "type": {"type": "string", "logicalType": "uuid"}},
              {"name": "status", "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID"]}},
              {"name": "note", "type": ["null", "string"], "default": null}]}
            """;
    static final String PROTO = """
            syntax = "proto3";
            package shop.v1;
            message Order {
              string id = 1;
              repeated string tags = 7;
            }
            """;

    private final TransformCalls calls = new TransformCalls(TransformCalls.newProjectId());
    private final GraphStore graph = GraphStore.of(TransformCalls.services());

    @Test
    void avroImportThenExportKeepsNamesAndNamespacesAndProtobufExportParsesBack() throws Exception {
        Result r = calls.post("schema/import", Json.object().put("format", "avro").put("schema", AVRO), "Admin");
        assertEquals(200, r.status(), r.toString());
        Result avro = calls.post("schema/export", Json.object().put("format", "avro"), "Viewer");
        assertTrue(avro.success(), avro.toString());
        Schema back = new Schema.Parser().parse(avro.body().get("schema").asText());
        assertEquals(new Schema.Parser().parse(AVRO), back);
        Result proto = calls.post("schema/export", Json.object().put("format", "protobuf"), "Viewer");
        assertTrue(proto.success(), proto.toString());
        String text = proto.body().get("schema").asText();
        assertTrue(text.contains("message Order {"), text);
        new io.modelgraph.codec.protobuf.ProtobufCodec().decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void protobufImportThenExportKeepsFieldNumbers() {
        Result r = calls.post("schema/import", Json.object().put("format", "protobuf").put("schema", PROTO),
                "Admin");
        assertEquals(200, r.status(), r.toString());
        Result proto = calls.post("schema/export", Json.object().put("format", "protobuf"), "Viewer");
        String text = proto.body().get("schema").asText();
        assertTrue(text.contains("repeated string tags = 7;"), text);
        assertTrue(text.contains("package shop.v1;"), text);
    }

    @Test
    void severalProtoFilesTravelAsAJsonObjectOfFileNameToText() {
        com.fasterxml.jackson.databind.node.ObjectNode files = Json.object();
        files.put("acme/common.proto", "syntax = \"proto3\";\npackage acme;\nmessage Money { int64 units = 1; }\n");
        files.put("acme/order.proto", "syntax = \"proto3\";\npackage acme;\nimport \"acme/common.proto\";\n"
                + "import \"google/protobuf/timestamp.proto\";\n"
                + "message Order { Money total = 1; google.protobuf.Timestamp at = 2; }\n");
        com.fasterxml.jackson.databind.node.ObjectNode body = Json.object().put("format", "protobuf");
        body.set("schema", files);
        Result r = calls.post("schema/import", body, "Admin");
        assertEquals(200, r.status(), r.toString());
        String text = calls.post("schema/export", Json.object().put("format", "protobuf"), "Viewer").body()
                .get("schema").asText();
        assertTrue(text.contains("Money total = 1;"), text);
        assertTrue(text.contains("google.protobuf.Timestamp at = 2;"), text);
    }

    @Test
    void malformedInputIsALocatedLogicalErrorAndWritesNothing() {
        Result r = calls.post("schema/import", Json.object().put("format", "protobuf").put("schema",
                "syntax = \"proto3\";\nmessage A {\n  string name = ;\n}\n"), "Admin");
        assertEquals(400, r.status(), r.toString());
        assertEquals("line 3, column 17", r.firstPath());
        assertTrue(r.firstMessage().startsWith("Could not parse the 'protobuf' schema: "), r.firstMessage());
        r = calls.post("schema/import", Json.object().put("format", "avro").put("schema",
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"Nope\"}]}"), "Admin");
        assertEquals(400, r.status(), r.toString());
        assertEquals("$.fields[0].type", r.firstPath());
        assertFalse(r.success());
        assertTrue(graph.load(calls.projectId(), List.of()).nodes().isEmpty(), "nothing written");
    }

    @Test
    void mapAcceptsBothFormatsAsSourceAndTarget() {
        Result r = calls.post("schema/map", MapRoutesTest.mapBody().put("sourceFormat", "protobuf")
                .put("sourceSchema", PROTO).put("targetFormat", "avro"), "Viewer");
        assertEquals(200, r.status(), r.toString());
        r = calls.post("schema/map", MapRoutesTest.mapBody().put("sourceFormat", "avro").put("sourceSchema", AVRO)
                .put("targetFormat", "protobuf"), "Viewer");
        assertEquals(200, r.status(), r.toString());
    }
}
