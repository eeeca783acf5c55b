package io.modelgraph.codec.linkml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The linkml codec on small schemas written here; the corpus runs in LinkMlConformanceTest. */
class LinkMlCodecTest {
    private final LinkMlCodec codec = new LinkMlCodec();

    static final String PEOPLE = """
            id: https://example.org/people
            name: people
            description: People and places
            version: "1.0"
            prefixes:
              linkml: https://w3id.org/linkml/
              ex: https://example.org/people/
              schema: http://schema.org/
            default_prefix: ex
            default_range: string
            imports:
              - linkml:types
              - places
            types:
              Age:
                typeof: integer
                minimum_value: 0
            slots:
              id:
                identifier: true
              name:
                required: true
                slot_uri: schema:name
              email:
                pattern: "^\\\\S+@\\\\S+$"
            classes:
              Named:
                abstract: true
                slots: [id, name]
              HasEmail:
                mixin: true
                slots: [email]
              Person:
                is_a: Named
                mixins: [HasEmail]
                class_uri: schema:Person
                tree_root: true
                attributes:
                  age:
                    range: Age
                    maximum_value: 200
                  lives_at:
                    range: Place
                    multivalued: true
                  status:
                    range: Status
                slot_usage:
                  email:
                    required: true
                  name:
                    description: The person's full name
              Robot:
                is_a: Named
                see_also: [https://example.org/robots]
            enums:
              Status:
                permissible_values:
                  ALIVE:
                    meaning: ex:Alive
                  DEAD:
                    description: No longer alive
            ---
            id: https://example.org/places
            name: places
            classes:
              Place:
                attributes:
                  code:
                    key: true
            """;

    @Test
    void decodesClassesSlotsEnumsTypesAndImportsFromTheRequest() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(PEOPLE, CodecOptions.NONE, ledger);
        TypeDef person = m.type("Person").orElseThrow();
        assertEquals(List.of("Named", "HasEmail"), person.supertypes());
        assertEquals("http://schema.org/Person", person.mapsTo().orElseThrow());
        assertEquals("Person", m.rootType().orElseThrow());
        assertEquals("https://example.org/people", m.identifier().orElseThrow());
        assertTrue(m.type("Named").orElseThrow().isAbstract());
        ElementDef age = person.element("age").orElseThrow();
        assertEquals(new DataType.Primitive(PrimitiveKind.INTEGER, java.util.Optional.of("Age")), age.type());
        assertEquals(new BigDecimal("200"), age.constraints().maximum().orElseThrow());
        assertEquals(new DataType.TypeRef("Place"), person.element("lives_at").orElseThrow().type());
        assertTrue(person.element("lives_at").orElseThrow().cardinality().many());
        assertEquals(new DataType.TaxonomyRef("Status"), person.element("status").orElseThrow().type());
        assertTrue(person.element("email").orElseThrow().cardinality().required(), "slot_usage of a mixin slot");
        assertEquals("The person's full name", person.element("name").orElseThrow().description().orElseThrow());
        ElementDef id = m.type("Named").orElseThrow().element("id").orElseThrow();
        assertEquals("true", id.annotations().get("linkml.identifier"));
        assertTrue(id.cardinality().required(), "an identifier is required");
        assertEquals("http://schema.org/name", m.type("Named").orElseThrow().element("name").orElseThrow().mapsTo()
                .orElseThrow());
        assertEquals("true", m.type("Place").orElseThrow().element("code").orElseThrow().annotations()
                .get("linkml.key"));
        assertEquals("https://example.org/people/Alive", m.taxonomy("Status").orElseThrow().terms().get(0).mapsTo()
                .orElseThrow());
        assertEquals("https://example.org/people/", m.namespaces().get("ex"));
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("classes.Robot.see_also")),
                ledger.entries().toString());
        assertTrue(GraphRoundTrip.holds(m));
    }

    @Test
    void encodeThenDecodeLosesOnlyWhatTheLedgerNames() throws Exception {
        SchemaModel m = codec.decode(PEOPLE, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger out = new LossinessLedger();
        String yaml = codec.encode(m, CodecOptions.NONE, out);
        SchemaModel back = codec.decode(yaml, CodecOptions.NONE, new LossinessLedger());
        assertEquals(List.of(), ModelDiff.unexplained(ModelDiff.between(m, back), out.entries()), yaml);
        assertEquals(List.of(), ModelDiff.between(m, back), "this schema is carried fully: " + out.entries());
        assertEquals(m.rootType(), back.rootType());
        assertEquals(m.identifier(), back.identifier());
        assertEquals(yaml, codec.encode(back, CodecOptions.NONE, new LossinessLedger()), "stable text");
    }

    /** Without the corpus: the keys the encoder writes are keys the metamodel defines for each definition kind. */
    @Test
    void encodedKeysAreMetamodelKeys() throws Exception {
        String yaml = codec.encode(codec.decode(PEOPLE, CodecOptions.NONE, new LossinessLedger()), CodecOptions.NONE,
                new LossinessLedger());
        JsonNode doc = LinkMlYaml.read(yaml).get(0).json();
        assertTrue(doc.has("id") && doc.has("name"), "the metamodel requires id and name");
        Set<String> schemaKeys = Set.of("id", "name", "description", "version", "title", "license", "status",
                "prefixes", "default_prefix", "default_range", "imports", "types", "slots", "classes", "enums");
        doc.fieldNames().forEachRemaining(k -> assertTrue(schemaKeys.contains(k), k));
        doc.get("classes").forEach(c -> c.fieldNames().forEachRemaining(k -> assertTrue(
                LinkMlDecoding.CLASS_KEYS.contains(k), k)));
        doc.get("slots").forEach(c -> c.fieldNames().forEachRemaining(k -> assertTrue(
                LinkMlDecoding.SLOT_KEYS.contains(k), k)));
    }

    /** The metamodel wants strings for names, ranges and descriptions: a number-like one is quoted. */
    @Test
    void numberLikeRangesAndDescriptionsAreWrittenAsStrings() throws Exception {
        SchemaModel m = SchemaModel.of("m", List.of(
                TypeDef.builder("S1").description("1").elements(List.of(ElementDef.of("p1", new DataType.TypeRef(
                        "0"), io.modelgraph.schema.Cardinality.REQUIRED))).build(),
                TypeDef.builder("0").description("1.10").elements(List.of(ElementDef.of("p2", DataType.of(
                        PrimitiveKind.STRING), io.modelgraph.schema.Cardinality.REQUIRED))).build()), List.of());
        String yaml = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        JsonNode doc = LinkMlYaml.read(yaml).get(0).json();
        assertTrue(doc.at("/classes/S1/attributes/p1/range").isTextual(), yaml);
        assertEquals("0", doc.at("/classes/S1/attributes/p1/range").textValue(), yaml);
        assertTrue(doc.at("/classes/S1/description").isTextual(), yaml);
        assertEquals("1.10", doc.at("/classes/0/description").textValue(), yaml);
    }

    @Test
    void aliasesAreRefusedWithTheirPlace() {
        String yaml = """
                id: https://example.org/a
                name: a
                classes:
                  A:
                    description: &d shared text
                  B:
                    description: *d
                """;
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(yaml,
                CodecOptions.NONE, new LossinessLedger()));
        assertEquals("line 7, column 18", e.path());
        assertTrue(e.getMessage().contains("'*d'"), e.getMessage());
    }

    @Test
    void malformedAndUnresolvableInputIsALogicalError() {
        SchemaSyntaxException bad = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "id: x\nname: y\nclasses:\n  A: [unclosed\n", CodecOptions.NONE, new LossinessLedger()));
        assertTrue(bad.path().startsWith("line "), bad.path());
        SchemaSyntaxException imp = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "id: x\nname: y\nimports:\n  - linkml:types\n  - other\n", CodecOptions.NONE,
                new LossinessLedger()));
        assertEquals("imports[1]", imp.path());
        assertTrue(imp.getMessage().contains("'other'"), imp.getMessage());
        SchemaSyntaxException notLinkMl = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "- 1\n- 2\n", CodecOptions.NONE, new LossinessLedger()));
        assertEquals("$", notLinkMl.path());
        String deep = "a:\n" + "  ".repeat(1) + "[".repeat(500) + "]".repeat(500) + "\n";
        assertThrows(SchemaSyntaxException.class, () -> codec.decode(deep, CodecOptions.NONE,
                new LossinessLedger()));
        assertFalse(LinkMlTypes.get("string").isEmpty());
    }

    @Test
    void aSlugIdentifierIsNoLongerWrittenAsTheSchemaIdButAnAbsoluteUriWithALedgerEntry() throws Exception {
        SchemaModel m = SchemaModel.of("orders", List.of(TypeDef.of("Order", List.of(ElementDef.of("id",
                DataType.of(PrimitiveKind.STRING), io.modelgraph.schema.Cardinality.REQUIRED)))), List.of())
                .toBuilder().identifier("orders-001").build();
        LossinessLedger ledger = new LossinessLedger();
        String yaml = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(yaml.contains("id: https://w3id.org/modelgraph/orders-001"), yaml);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("orders-001")),
                ledger.entries().toString());
    }

    @Test
    void aPrefixOfTheEmptyIriIsNoLongerWrittenAsAnEmptyPrefixReference() throws Exception {
        // ShExC's PREFIX berlin_wikibase: <> names the document itself; the metamodel requires a URI
        SchemaModel m = SchemaModel.of("grants", List.of(TypeDef.of("Grant", List.of(ElementDef.of("id",
                DataType.of(PrimitiveKind.STRING), io.modelgraph.schema.Cardinality.REQUIRED)))), List.of())
                .toBuilder().identifier("https://example.org/grants").namespaces(java.util.Map.of("berlin_wikibase",
                        "", "ex", "https://example.org/")).build();
        LossinessLedger ledger = new LossinessLedger();
        String yaml = codec.encode(m, CodecOptions.NONE, ledger);
        assertFalse(yaml.contains("berlin_wikibase"), yaml);
        assertTrue(yaml.contains("ex: https://example.org/"), yaml);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("$")
                && e.explanation().contains("berlin_wikibase")), ledger.entries().toString());
    }

    @Test
    void aSlotListedTwiceNoLongerGivesTwoElementsOfOneName() throws Exception {
        String yaml = """
                id: https://example.org/visits
                name: visits
                slots:
                  id: {identifier: true}
                  date: {range: date}
                classes:
                  Visit:
                    slots: [id, date, date]
                    attributes:
                      id: {range: integer}
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(yaml, CodecOptions.NONE, ledger);
        assertEquals(List.of("id", "date"), m.type("Visit").orElseThrow().elements().stream().map(ElementDef::name)
                .toList());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("classes.Visit.slots.date")),
                ledger.entries().toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("classes.Visit.attributes.id")),
                ledger.entries().toString());
    }

    @Test
    void anImportNamingAFileWhoseSchemaNameDiffersIsNoLongerRefusedInABundle() throws Exception {
        String main = "id: https://example.org/kgcl\nname: kgcl_schema\nimports: [linkml:types, ontology_model]\n"
                + "classes:\n  Change:\n    attributes:\n      about: {range: OntologyElement}\n";
        String imported = "id: https://example.org/kgcl/ontology\nname: kgcl_schema-ontology-model\n"
                + "classes:\n  OntologyElement:\n    attributes:\n      label: {range: string}\n";
        String bundle = io.modelgraph.json.Json.write(io.modelgraph.json.Json.object().put("kgcl.yaml", main)
                .put("ontology_model.yaml", imported));
        SchemaModel m = codec.decode(bundle, CodecOptions.NONE, new LossinessLedger());
        assertEquals(List.of("OntologyElement", "Change"), m.types().stream().map(TypeDef::name).toList(),
                "imports first, as before");
        assertEquals(new DataType.TypeRef("OntologyElement"), m.type("Change").orElseThrow().element("about")
                .orElseThrow().type());
        SchemaSyntaxException joined = assertThrows(SchemaSyntaxException.class, () -> codec.decode(main
                + "---\nid: https://example.org/other\nname: other\n", CodecOptions.NONE, new LossinessLedger()));
        assertEquals("imports[1]", joined.path());
    }

    @Test
    void metamodelModulesOtherThanTypesAreNoLongerRefusedAndStayImports() throws Exception {
        String yaml = "id: https://example.org/q\nname: q\nimports: [linkml:types, linkml:units, linkml:mappings]\n"
                + "classes:\n  Q:\n    attributes:\n      value: {range: float}\n";
        SchemaModel m = codec.decode(yaml, CodecOptions.NONE, new LossinessLedger());
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        JsonNode imports = LinkMlYaml.read(out).get(0).json().get("imports");
        assertEquals("[\"linkml:types\",\"linkml:units\",\"linkml:mappings\"]", imports.toString());
    }

    @Test
    void versionOnePointTenAndYesNoValuesNoLongerChangeInLinkMl() throws Exception {
        String yaml = "id: https://example.org/c\nname: c\nversion: 1.10\nenums:\n  Answer:\n"
                + "    permissible_values:\n      YES: {}\n      NO: {}\nclasses:\n  C:\n    attributes:\n"
                + "      a: {range: Answer, ifabsent: string(NO)}\n";
        SchemaModel m = codec.decode(yaml, CodecOptions.NONE, new LossinessLedger());
        assertEquals("1.10", m.annotations().get("linkml.version"));
        assertEquals(List.of("YES", "NO"), m.taxonomy("Answer").orElseThrow().terms().stream()
                .map(io.modelgraph.schema.Term::code).toList());
        JsonNode out = LinkMlYaml.read(codec.encode(m, CodecOptions.NONE, new LossinessLedger())).get(0).json();
        assertEquals("1.10", out.get("version").asText());
    }

    @Test
    void aNumberWhoseNativeNameIsALinkMlDecimalStaysANumber() throws Exception {
        // ODCS: logicalType number, physicalType decimal
        io.modelgraph.schema.ElementDef amount = io.modelgraph.schema.ElementDef.of("amount",
                new io.modelgraph.schema.DataType.Primitive(io.modelgraph.schema.PrimitiveKind.NUMBER,
                        java.util.Optional.of("decimal")), io.modelgraph.schema.Cardinality.OPTIONAL);
        io.modelgraph.schema.SchemaModel m = io.modelgraph.schema.SchemaModel.of("m", List.of(
                io.modelgraph.schema.TypeDef.of("orders", List.of(amount))), List.of());
        io.modelgraph.schema.SchemaModel back = codec.decode(codec.encode(m, io.modelgraph.codec.CodecOptions.NONE,
                new io.modelgraph.ledger.LossinessLedger()), io.modelgraph.codec.CodecOptions.NONE,
                new io.modelgraph.ledger.LossinessLedger());
        assertEquals(io.modelgraph.schema.PrimitiveKind.NUMBER, ((io.modelgraph.schema.DataType.Primitive) back
                .type("orders").orElseThrow().element("amount").orElseThrow().type()).kind());
    }
}
