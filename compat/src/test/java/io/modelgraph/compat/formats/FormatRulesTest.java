package io.modelgraph.compat.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaDecoder;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.codec.sql.SqlCodec;
import io.modelgraph.compat.CompareOptions;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.Severity;
import io.modelgraph.compat.UndeclaredProperties;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The protobuf, JSON Schema, SQL and REDCap consumers on documents decoded by their own codecs. */
class FormatRulesTest {
    private static SchemaModel decode(SchemaDecoder codec, String text) throws Exception {
        return codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    private static List<String> errors(SchemaDecoder codec, String base, String candidate, Mode mode, String consumer)
            throws Exception {
        CompareReport r = Compatibility.compare(decode(codec, base), decode(codec, candidate), mode,
                List.of(consumer));
        return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).map(Finding::rule).toList();
    }

    private static final String PROTO = """
            syntax = "proto3";
            package shop;
            message Order {
              string id = 1;
              int32 qty = 2;
              string note = 3;
              Status status = 4;
            }
            enum Status { NEW = 0; PAID = 1; SHIPPED = 2; }
            """;

    private static final String AVRO = """
            {"type": "record", "name": "Order", "namespace": "shop", "fields": [
              {"name": "id", "type": "string"},
              {"name": "qty", "type": "int"},
              {"name": "note", "type": ["null", "string"], "default": null},
              {"name": "paid", "type": "boolean"}]}
            """;

    @Test
    void protobufReadsAModelOfAnotherFormatAsTheProtobufCodecWritesIt() throws Exception {
        AvroCodec a = new AvroCodec();
        // int and long become int32 and int64: one wire group, but a 64-bit integer is a JSON string
        assertEquals(List.of("protobuf.field-json-incompatible-type"), errors(a, AVRO, AVRO.replace(
                "\"qty\", \"type\": \"int\"", "\"qty\", \"type\": \"long\""), Mode.BACKWARD, "protobuf"));
        // the Avro namespace is the package the codec writes
        assertEquals(List.of("protobuf.package-changed"), errors(a, AVRO, AVRO.replace("\"shop\"", "\"store\""),
                Mode.FULL, "protobuf"));
        // a union of two types becomes a oneof with a field per member, numbered after the union's own: the
        // optional string moves into it, and the next field takes another number
        List<String> widened = errors(a, AVRO, AVRO.replace("[\"null\", \"string\"]",
                "[\"null\", \"string\", \"int\"]"), Mode.BACKWARD, "protobuf");
        assertTrue(widened.contains("protobuf.field-oneof-changed"), widened.toString());
        // a model alike on both sides changes nothing, whatever the codec writes
        assertEquals(List.of(), errors(a, AVRO, AVRO, Mode.FULL, "protobuf"));
    }

    /**
     * A field whose type is a well-known message (a timestamp is {@code google.protobuf.Timestamp}, a value of any
     * type {@code google.protobuf.Value}) changes type when the message does: the same wire group, another JSON
     * form, as for any message type (buf's FIELD_WIRE_JSON_COMPATIBLE_TYPE).
     */
    @Test
    void protobufJudgesAChangeBetweenWellKnownMessagesAsATypeChange() throws Exception {
        ProtobufCodec p = new ProtobufCodec();
        String stamped = PROTO.replace("package shop;", "package shop;\nimport \"google/protobuf/timestamp.proto\";\n"
                + "import \"google/protobuf/duration.proto\";").replace("string note = 3",
                "google.protobuf.Timestamp note = 3");
        assertEquals(List.of("protobuf.field-type-changed"), errors(p, stamped, stamped.replace(
                "google.protobuf.Timestamp note", "google.protobuf.Duration note"), Mode.FULL, "protobuf"));
        assertEquals(List.of(), errors(p, stamped, stamped, Mode.FULL, "protobuf"));
        // from Avro: a nullable timestamp narrowed to a union of null alone is written as a Value, not a Timestamp
        AvroCodec a = new AvroCodec();
        String avro = AVRO.replace("\"paid\", \"type\": \"boolean\"}", "\"paid\", \"type\": \"boolean\"},"
                + " {\"name\": \"at\", \"type\": [\"null\", {\"type\": \"long\", \"logicalType\":"
                + " \"timestamp-millis\"}]}");
        String narrowed = avro.replace("[\"null\", {\"type\": \"long\", \"logicalType\": \"timestamp-millis\"}]",
                "[\"null\"]");
        assertTrue(!narrowed.equals(avro));
        assertEquals(List.of("protobuf.field-type-changed"), errors(a, avro, narrowed, Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.field-type-changed"), errors(a, avro, narrowed, Mode.FORWARD, "protobuf"));
    }

    @Test
    void jsonSchemaMatchesPropertiesByNameAlone() throws Exception {
        AvroCodec a = new AvroCodec();
        String renamed = AVRO.replace("{\"name\": \"qty\", \"type\": \"int\"}",
                "{\"name\": \"quantity\", \"aliases\": [\"qty\"], \"type\": \"int\"}");
        // Avro readers resolve the alias; a JSON document only has the new name, which the reader requires
        assertEquals(List.of(), errors(a, AVRO, renamed, Mode.BACKWARD, "avro"));
        assertEquals(List.of("jsonschema.required-property-added"), errors(a, AVRO, renamed, Mode.BACKWARD,
                "jsonschema"));
    }

    @Test
    void jsonSchemaTakesADefinitionRenamedWithItsContentForTheSame() throws Exception {
        AvroCodec a = new AvroCodec();
        String nested = """
                {"type": "record", "name": "Order", "fields": [
                  {"name": "line", "type": {"type": "record", "name": "Line", "fields": [
                    {"name": "qty", "type": "int"}]}}]}
                """;
        String renamed = nested.replace("\"Line\"", "\"Item\"");
        // Avro readers match records by name: without an alias the rename breaks them
        assertEquals(List.of("avro.name-mismatch"), errors(a, nested, renamed, Mode.BACKWARD, "avro"));
        // a JSON document names no definition: the same content under a new name takes the same documents
        CompareReport r = Compatibility.compare(decode(a, nested), decode(a, renamed), Mode.FULL,
                List.of("jsonschema"));
        assertTrue(r.compatible(), r.findings().toString());
        assertTrue(r.findings().stream().anyMatch(f -> f.rule().equals("jsonschema.definition-renamed")
                && f.severity() == Severity.WARNING && f.basePath().equals("Line")
                && f.candidatePath().equals("Item")), r.findings().toString());
        // another content under the new name is still a removed definition and a narrowed property
        List<String> changed = errors(a, nested, renamed.replace("\"int\"", "\"string\""), Mode.BACKWARD,
                "jsonschema");
        assertTrue(changed.contains("jsonschema.definition-removed"), changed.toString());
    }

    @Test
    void protobufJudgesByFieldNumberAndWireGroup() throws Exception {
        ProtobufCodec p = new ProtobufCodec();
        assertEquals(List.of(), errors(p, PROTO, PROTO.replace("int32 qty = 2", "uint32 qty = 2"), Mode.FULL,
                "protobuf"));
        assertEquals(List.of("protobuf.field-json-incompatible-type"), errors(p, PROTO, PROTO.replace("int32 qty = 2",
                "int64 qty = 2"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.field-wire-incompatible-type"), errors(p, PROTO, PROTO.replace("int32 qty = 2",
                "string qty = 2"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.field-deleted-without-reserved-number"), errors(p, PROTO,
                PROTO.replace("  string note = 3;\n", ""), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of(), errors(p, PROTO, PROTO.replace("  string note = 3;\n",
                "  reserved 3; reserved \"note\";\n"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.field-json-name-changed"), errors(p, PROTO, PROTO.replace("string note = 3",
                "string remark = 3"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.field-oneof-changed"), errors(p, PROTO, PROTO.replace("  string note = 3;",
                "  oneof extra { string note = 3; }"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.field-label-changed"), errors(p, PROTO, PROTO.replace("string note = 3",
                "repeated string note = 3"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.enum-value-deleted-without-reserved-number"), errors(p, PROTO,
                PROTO.replace(" SHIPPED = 2;", ""), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.enum-value-renamed"), errors(p, PROTO, PROTO.replace("SHIPPED = 2",
                "SENT = 2"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of(), errors(p, PROTO, PROTO.replace("string id = 1;", "string id = 1;\n  bool gift = 9;"),
                Mode.FULL, "protobuf"));
    }

    @Test
    void protobufJudgesRenamesReservedNamesAndDeletionsAsBufsWireJsonRulesDo() throws Exception {
        ProtobufCodec p = new ProtobufCodec();
        // the JSON name is kept, but JSON parsers also accept the proto name
        assertEquals(List.of("protobuf.field-renamed"), errors(p, PROTO, PROTO.replace("string note = 3",
                "string remark = 3 [json_name = \"note\"]"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of("protobuf.enum-value-deleted-without-reserved-name"), errors(p, PROTO,
                PROTO.replace(" SHIPPED = 2;", " reserved 2;"), Mode.BACKWARD, "protobuf"));
        assertEquals(List.of(), errors(p, PROTO, PROTO.replace(" SHIPPED = 2;", " reserved 2; reserved \"SHIPPED\";"),
                Mode.BACKWARD, "protobuf"));
        // deleting a message no field names changes no other message's wire or JSON form: a warning
        String withAudit = PROTO + "message Audit { string by = 1; }\n";
        CompareReport r = Compatibility.compare(decode(p, withAudit), decode(p, PROTO), Mode.BACKWARD,
                List.of("protobuf"));
        assertTrue(r.compatible(), () -> r.findings().toString());
        assertEquals(List.of("protobuf.message-deleted"), r.findings().stream().map(Finding::rule).toList());
        assertEquals(Severity.WARNING, r.findings().get(0).severity());
    }

    private static final String JSON = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"Person": {"type": "object",
             "properties": {"name": {"type": "string", "maxLength": 50}, "age": {"type": "integer"}},
             "required": ["name"]}}}""";

    @Test
    void jsonSchemaAsksWhetherEveryAcceptedDocumentStillIs() throws Exception {
        JsonSchemaCodec j = new JsonSchemaCodec();
        assertEquals(List.of("jsonschema.required-added"), errors(j, JSON, JSON.replace("[\"name\"]",
                "[\"name\", \"age\"]"), Mode.BACKWARD, "jsonschema"));
        assertEquals(List.of(), errors(j, JSON, JSON.replace("[\"name\", \"age\"]", "[\"name\"]"), Mode.BACKWARD,
                "jsonschema"));
        // a validator does not apply defaults: a property with a default made required still refuses documents
        String withDefault = JSON.replace("\"age\": {\"type\": \"integer\"}", "\"age\": {\"type\": \"integer\","
                + " \"default\": 0}");
        assertEquals(List.of("jsonschema.required-added"), errors(j, withDefault, withDefault.replace("[\"name\"]",
                "[\"name\", \"age\"]"), Mode.BACKWARD, "jsonschema"));
        assertEquals(List.of("jsonschema.constraint-narrowed"), errors(j, JSON, JSON.replace("50", "20"),
                Mode.BACKWARD, "jsonschema"));
        assertEquals(List.of("jsonschema.type-narrowed"), errors(j, JSON.replace("\"integer\"", "\"number\""), JSON,
                Mode.BACKWARD, "jsonschema"));
        assertEquals(List.of(), errors(j, JSON, JSON.replace("\"integer\"", "\"number\""), Mode.BACKWARD,
                "jsonschema"));
        String closed = JSON.replace("\"required\": [\"name\"]", "\"required\": [\"name\"], \"additionalProperties\":"
                + " false");
        assertEquals(List.of("jsonschema.additional-properties-closed"), errors(j, JSON, closed, Mode.BACKWARD,
                "jsonschema"));
        assertEquals(List.of(), errors(j, closed, JSON, Mode.BACKWARD, "jsonschema"));
    }

    /**
     * An optional property declared where the writer's model was open: by default the open model may have carried
     * any value under that name, so a constrained declaration breaks; read with producers that never send
     * undeclared properties, it is a warning. A declaration that takes anything narrows nothing either way.
     */
    @Test
    void jsonSchemaReadsAPropertyAddedToAnOpenModelAsTheOptionSays() throws Exception {
        JsonSchemaCodec j = new JsonSchemaCodec();
        String age = "\"age\": {\"type\": \"integer\"}";
        SchemaModel base = decode(j, JSON);
        SchemaModel withEmail = decode(j, JSON.replace(age, age + ", \"email\": {\"type\": \"string\"}"));
        CompareOptions absent = CompareOptions.builder().undeclaredProperties(UndeclaredProperties.ABSENT).build();
        String rule = "jsonschema.property-added-to-open-model";

        CompareReport byDefinition = Compatibility.compare(base, withEmail, Mode.BACKWARD, List.of("jsonschema"));
        assertFalse(byDefinition.compatible());
        assertEquals(CompareOptions.DEFAULTS, byDefinition.options());
        assertEquals(List.of(new Finding(rule, Severity.ERROR, "jsonschema", "Person", "Person.email",
                byDefinition.findings().get(0).message())), byDefinition.findings());
        CompareReport practical = Compatibility.compare(base, withEmail, Mode.BACKWARD, List.of("jsonschema"),
                absent);
        assertTrue(practical.compatible(), practical.findings()::toString);
        assertEquals(UndeclaredProperties.ABSENT, practical.options().undeclaredProperties());
        assertEquals(List.of(rule + " WARNING"), practical.findings().stream().map(f -> f.rule() + " "
                + f.severity()).toList());

        // removing the property: readers of the old schema now see new data without it, under any value
        CompareReport removed = Compatibility.compare(withEmail, base, Mode.FORWARD, List.of("jsonschema"));
        assertEquals(List.of(rule + " ERROR Person.email"), removed.findings().stream().map(f -> f.rule() + " "
                + f.severity() + " " + f.basePath()).toList());
        assertTrue(Compatibility.compare(withEmail, base, Mode.FORWARD, List.of("jsonschema"), absent)
                .compatible());
        assertTrue(Compatibility.compare(withEmail, base, Mode.BACKWARD, List.of("jsonschema")).compatible(),
                "the new open model still takes the removed property's values");

        // a property whose schema takes anything narrows nothing under either reading
        for (String any : List.of("true", "{}", "{\"description\": \"free text\", \"title\": \"Note\"}")) {
            SchemaModel withAny = decode(j, JSON.replace(age, age + ", \"note\": " + any));
            for (CompareOptions o : List.of(CompareOptions.DEFAULTS, absent)) {
                CompareReport r = Compatibility.compare(base, withAny, Mode.FULL, List.of("jsonschema"), o);
                assertTrue(r.compatible() && r.findings().stream().noneMatch(f -> f.rule().equals(rule)), any
                        + " " + r.findings());
            }
        }
        // a closed writer never carried the name: declaring it is no finding of this rule
        String closed = JSON.replace("\"required\": [\"name\"]", "\"required\": [\"name\"],"
                + " \"additionalProperties\": false");
        assertEquals(List.of(), errors(j, closed, closed.replace(age, age + ", \"email\": {\"type\": \"string\"}"),
                Mode.BACKWARD, "jsonschema"));
    }

    private static final String TAGGED = """
            {"$schema": "http://json-schema.org/draft-07/schema#", "title": "Config", "type": "object",
             "properties": {"tags": {"type": "array", "items": {"type": "string"}},
              "github": {"type": "object", "properties": {"token": {"type": "string"}}}},
             "required": []}""";

    @Test
    void jsonSchemaRequiredIsPresenceForArraysAndAnInlineObjectGoesWithItsProperty() throws Exception {
        JsonSchemaCodec j = new JsonSchemaCodec();
        String tagsRequired = TAGGED.replace("\"required\": []", "\"required\": [\"tags\"]");
        // an array made required refuses documents without the key, whatever minItems says
        assertEquals(List.of("jsonschema.required-added"), errors(j, TAGGED, tagsRequired, Mode.BACKWARD,
                "jsonschema"));
        assertEquals(List.of(), errors(j, TAGGED, tagsRequired, Mode.FORWARD, "jsonschema"));
        assertEquals(List.of("jsonschema.required-removed"), errors(j, tagsRequired, TAGGED, Mode.FORWARD,
                "jsonschema"));
        // an open model still accepts the removed inline object's property: no removed definition either
        String withoutGithub = TAGGED.replace(",\n  \"github\": {\"type\": \"object\", \"properties\": {\"token\":"
                + " {\"type\": \"string\"}}}", "");
        assertFalse(withoutGithub.equals(TAGGED), "the fixture lost its property");
        assertEquals(List.of(), errors(j, TAGGED, withoutGithub, Mode.BACKWARD, "jsonschema"));
        String closed = withoutGithub.replace("\"required\": []", "\"required\": [], \"additionalProperties\": false");
        // a closed reader refuses it: the property's error, still no removed definition
        List<String> closedErrors = errors(j, TAGGED, closed, Mode.BACKWARD, "jsonschema");
        assertTrue(closedErrors.contains("jsonschema.property-removed") && !closedErrors.contains(
                "jsonschema.definition-removed"), closedErrors::toString);
    }

    /** A definition the model has no type for: a map whose values are a string or an object. */
    private static final String MAPPED = """
            {"$schema": "http://json-schema.org/draft-07/schema#", "title": "Project", "type": "object",
             "properties": {"dependencies": {"$ref": "#/definitions/dependencies"}},
             "definitions": {"dependencies": {"type": "object", "additionalProperties": {"type": ["string",
              "object"], "properties": {"version": {"type": "string"}}}}}}""";

    /**
     * Keywords the codec keeps verbatim are read as a validator applies them: every change json-schema-diff finds
     * breaking in such a definition is an error here too, in the direction it breaks; only a keyword this check
     * does not read is left for review.
     */
    @Test
    void jsonSchemaJudgesChangesInKeywordsOutsideTheModel() throws Exception {
        JsonSchemaCodec j = new JsonSchemaCodec();
        String version = "\"version\": {\"type\": \"string\"}";
        String properties = "\"properties\": {" + version + "}";
        Map<String, String> changes = Map.of(
                "jsonschema.type-narrowed", MAPPED.replace(version, "\"version\": {\"type\": \"integer\"}"),
                "jsonschema.required-added", MAPPED.replace(properties, properties + ", \"required\": [\"version\"]"),
                "jsonschema.additional-properties-closed", MAPPED.replace(properties, properties
                        + ", \"additionalProperties\": false"),
                "jsonschema.constraint-narrowed", MAPPED.replace(version, "\"version\": {\"type\": \"string\","
                        + " \"maxLength\": 5}"));
        for (Map.Entry<String, String> c : changes.entrySet()) {
            SchemaModel changed = decode(j, c.getValue());
            List<String> backward = errors(j, MAPPED, c.getValue(), Mode.BACKWARD, "jsonschema");
            assertEquals(List.of(c.getKey()), backward, c.getValue());
            assertTrue(Compatibility.compare(decode(j, MAPPED), changed, Mode.FORWARD, List.of("jsonschema"))
                    .compatible() != c.getKey().equals("jsonschema.type-narrowed"), "integer and string both"
                    + " narrow the other; the rest widen under FORWARD: " + c.getKey());
        }
        CompareReport widened = Compatibility.compare(decode(j, MAPPED), decode(j, MAPPED.replace(version,
                "\"version\": {\"type\": [\"string\", \"number\"]}")), Mode.BACKWARD, List.of("jsonschema"));
        assertTrue(widened.compatible() && widened.findings().isEmpty(), widened.findings()::toString);
        // an optional property where the model was open: breaking by default, a warning when producers never
        // send undeclared properties
        SchemaModel extra = decode(j, MAPPED.replace(version, version + ", \"extra\": {\"type\": \"string\"}"));
        CompareReport added = Compatibility.compare(decode(j, MAPPED), extra, Mode.BACKWARD, List.of("jsonschema"));
        assertEquals(List.of("jsonschema.property-added-to-open-model ERROR dependencies.additionalProperties.extra"),
                added.findings().stream().map(f -> f.rule() + " " + f.severity() + " " + f.basePath()).toList());
        CompareReport absent = Compatibility.compare(decode(j, MAPPED), extra, Mode.BACKWARD, List.of("jsonschema"),
                CompareOptions.builder().undeclaredProperties(UndeclaredProperties.ABSENT).build());
        assertTrue(absent.compatible() && absent.findings().stream().allMatch(f -> f.severity()
                == Severity.WARNING), absent.findings()::toString);
        // a keyword this check does not read: no verdict claimed, a warning for review
        CompareReport unread = Compatibility.compare(decode(j, MAPPED), decode(j, MAPPED.replace(version,
                "\"version\": {\"not\": {\"type\": \"integer\"}}")), Mode.BACKWARD, List.of("jsonschema"));
        assertTrue(unread.findings().stream().anyMatch(f -> f.rule().equals("jsonschema.unmodelled-keywords-changed")
                && f.severity() == Severity.WARNING && f.basePath().equals("dependencies")),
                unread.findings()::toString);
        assertTrue(Compatibility.compare(decode(j, MAPPED), decode(j, MAPPED), Mode.FULL, List.of("jsonschema"))
                .findings().isEmpty(), "nothing changed, nothing said");
    }

    private static final String SQL = """
            CREATE TABLE orders (
              id INTEGER PRIMARY KEY,
              customer VARCHAR(100) NOT NULL,
              qty BIGINT,
              note TEXT
            );""";

    @Test
    void sqlNamesWhatBreaksRowsOrQueriesAndTheMigration() throws Exception {
        SqlCodec s = new SqlCodec();
        List<String> dropped = errors(s, SQL, SQL.replace(",\n  note TEXT", ""), Mode.BACKWARD, "sql");
        assertEquals(List.of("sql.column-dropped"), dropped);
        assertEquals(List.of("sql.column-dropped"), errors(s, SQL, SQL.replace(",\n  note TEXT", ""), Mode.FULL,
                "sql"));
        assertEquals(List.of("sql.not-null-column-added-without-default"), errors(s, SQL, SQL.replace("note TEXT",
                "note TEXT,\n  region TEXT NOT NULL"), Mode.BACKWARD, "sql"));
        assertEquals(List.of(), errors(s, SQL, SQL.replace("note TEXT", "note TEXT,\n  region TEXT NOT NULL DEFAULT"
                + " 'eu'"), Mode.BACKWARD, "sql"));
        assertEquals(List.of("sql.type-narrowed"), errors(s, SQL, SQL.replace("VARCHAR(100)", "VARCHAR(20)"),
                Mode.BACKWARD, "sql"));
        assertEquals(List.of("sql.type-narrowed"), errors(s, SQL, SQL.replace("qty BIGINT", "qty SMALLINT"),
                Mode.BACKWARD, "sql"));
        assertEquals(List.of("sql.not-null-added"), errors(s, SQL, SQL.replace("note TEXT", "note TEXT NOT NULL"),
                Mode.BACKWARD, "sql"));
        CompareReport r = Compatibility.compare(decode(s, SQL), decode(s, SQL.replace(",\n  note TEXT", "")),
                Mode.BACKWARD, List.of("sql"));
        assertTrue(r.findings().get(0).message().contains("Migration: "), r.findings().toString());
    }

    private static SchemaModel dictionary(List<ElementDef> fields, List<Term> choices) {
        return SchemaModel.of("study", List.of(TypeDef.of("demographics", fields)),
                List.of(TaxonomyDef.of("sex_choices", choices)));
    }

    @Test
    void redcapUsesTheProductionChangeCodes() {
        ElementDef age = ElementDef.of("age", DataType.of(PrimitiveKind.INTEGER), Cardinality.OPTIONAL).toBuilder()
                .annotations(Map.of("redcap.fieldType", "text", "redcap.validation", "integer")).build();
        ElementDef sex = ElementDef.of("sex", new DataType.TaxonomyRef("sex_choices"), Cardinality.OPTIONAL)
                .toBuilder().annotations(Map.of("redcap.fieldType", "radio")).build();
        List<Term> choices = List.of(new Term("1", Optional.of("Female"), Optional.empty(), Optional.empty()),
                new Term("2", Optional.of("Male"), Optional.empty(), Optional.empty()));
        SchemaModel base = dictionary(List.of(age, sex), choices);
        SchemaModel candidate = dictionary(List.of(age.toBuilder().annotations(Map.of("redcap.fieldType", "text",
                "redcap.validation", "number")).build(), sex), List.of(choices.get(0)));
        CompareReport r = Compatibility.compare(base, candidate, Mode.FULL, List.of("redcap"));
        assertEquals(List.of("redcap.production-validation-changed", "redcap.production-choice-removed"),
                r.findings().stream().map(Finding::rule).toList());
        assertEquals("demographics.sex.2", r.findings().get(1).basePath());
        CompareReport deleted = Compatibility.compare(base, dictionary(List.of(sex), choices), Mode.BACKWARD,
                List.of("redcap"));
        assertEquals(List.of("redcap.production-field-deleted"), deleted.findings().stream().map(Finding::rule)
                .toList());
    }
}
