package io.modelgraph.codec.jsonld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The jsonld codec on small vocabularies written here; the corpus runs in JsonLdConformanceTest. */
class JsonLdCodecTest {
    private final JsonLdCodec codec = new JsonLdCodec();

    /** schema.org's shape: classes, properties with domainIncludes/rangeIncludes, an enumeration, data types. */
    static final String SHOP = """
            {"@context": {"schema": "https://schema.org/", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
                          "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
             "@graph": [
               {"@id": "schema:Thing", "@type": "rdfs:Class", "rdfs:label": "Thing", "rdfs:comment": "Anything."},
               {"@id": "schema:Product", "@type": "rdfs:Class", "rdfs:label": "Product",
                "rdfs:subClassOf": {"@id": "schema:Thing"}},
               {"@id": "schema:Enumeration", "@type": "rdfs:Class", "rdfs:label": "Enumeration",
                "rdfs:subClassOf": {"@id": "schema:Thing"}},
               {"@id": "schema:StatusEnumeration", "@type": "rdfs:Class", "rdfs:label": "StatusEnumeration",
                "rdfs:subClassOf": {"@id": "schema:Enumeration"}},
               {"@id": "schema:ItemAvailability", "@type": "rdfs:Class", "rdfs:label": "ItemAvailability",
                "rdfs:subClassOf": {"@id": "schema:StatusEnumeration"}},
               {"@id": "schema:InStock", "@type": "schema:ItemAvailability", "rdfs:label": "InStock"},
               {"@id": "schema:SoldOut", "@type": "schema:ItemAvailability", "rdfs:label": "SoldOut"},
               {"@id": "schema:Text", "@type": ["schema:DataType", "rdfs:Class"], "rdfs:label": "Text"},
               {"@id": "schema:URL", "@type": "rdfs:Class", "rdfs:label": "URL",
                "rdfs:subClassOf": {"@id": "schema:Text"}},
               {"@id": "schema:CssSelectorType", "@type": "rdfs:Class", "rdfs:label": "CssSelectorType",
                "rdfs:subClassOf": {"@id": "schema:Text"}},
               {"@id": "schema:name", "@type": "rdf:Property", "rdfs:label": "name",
                "schema:domainIncludes": {"@id": "schema:Thing"}, "schema:rangeIncludes": {"@id": "schema:Text"}},
               {"@id": "schema:url", "@type": "rdf:Property", "rdfs:label": "url",
                "schema:domainIncludes": [{"@id": "schema:Thing"}, {"@id": "schema:Product"}],
                "schema:rangeIncludes": {"@id": "schema:URL"}},
               {"@id": "schema:cssSelector", "@type": "rdf:Property", "rdfs:label": "cssSelector",
                "schema:domainIncludes": {"@id": "schema:Product"},
                "schema:rangeIncludes": {"@id": "schema:CssSelectorType"}},
               {"@id": "schema:availability", "@type": "rdf:Property", "rdfs:label": "availability",
                "schema:domainIncludes": {"@id": "schema:Product"},
                "schema:rangeIncludes": {"@id": "schema:ItemAvailability"}},
               {"@id": "schema:isRelatedTo", "@type": "rdf:Property", "rdfs:label": "isRelatedTo",
                "schema:domainIncludes": {"@id": "schema:Product"},
                "schema:rangeIncludes": [{"@id": "schema:Product"}, {"@id": "schema:Text"}],
                "schema:supersededBy": {"@id": "schema:Thing"}}
             ]}""";

    /** The W3C VC vocabulary's hard parts: array context with a bundled remote one, nested @graph context,
     *  @reverse, language containers (an empty label among them), a list container. */
    static final String VC_LIKE = """
            {"@context": [{"@version": 1.1}, "https://w3id.org/security/v2",
                {"id": "@id", "type": "@type", "cred": "https://example.org/cred#",
                 "xsd": "http://www.w3.org/2001/XMLSchema#"}],
             "@graph": {
               "@context": {"rdfs": "http://www.w3.org/2000/01/rdf-schema#",
                            "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
                            "owl": "http://www.w3.org/2002/07/owl#",
                            "rdfs:label": {"@container": "@language"}, "rdfs:comment": {"@container": "@language"},
                            "rdfs:domain": {"@type": "@id"}, "rdfs:range": {"@type": "@id"},
                            "rdfs:subClassOf": {"@type": "@id"},
                            "owl:unionOf": {"@type": "@vocab", "@container": "@list"},
                            "classes": {"@reverse": "rdfs:isDefinedBy", "@type": "@id"},
                            "properties": {"@reverse": "rdfs:isDefinedBy", "@type": "@id"}},
               "@id": "https://example.org/cred#", "@type": "owl:Ontology",
               "classes": [
                 {"@id": "cred:Credential", "@type": "rdfs:Class", "rdfs:label": {"en": "Credential"},
                  "rdfs:comment": {"en": "A set of claims."}},
                 {"@id": "cred:Validator2018", "@type": "rdfs:Class", "rdfs:label": {"en": ""},
                  "rdfs:subClassOf": "cred:Credential"},
                 {"@id": "cred:Either", "@type": "owl:Class", "owl:unionOf": ["cred:Credential", "cred:Validator2018"]}
               ],
               "properties": [
                 {"@id": "cred:issued", "@type": "rdf:Property", "rdfs:label": {"en": "issued"},
                  "rdfs:domain": "cred:Credential", "rdfs:range": "xsd:dateTime"},
                 {"@id": "cred:validator", "@type": "rdf:Property", "rdfs:label": {"en": "validator"},
                  "rdfs:domain": "cred:Credential", "rdfs:range": "cred:Validator2018"}
               ]}}""";

    @Test
    void decodesSchemaOrgShape() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(SHOP, CodecOptions.NONE, ledger);
        assertEquals(List.of("Enumeration", "Product", "Thing"), m.types().stream().map(TypeDef::name).sorted()
                .toList(), "data types and enumerations are not types");
        TypeDef product = m.type("Product").orElseThrow();
        assertEquals(List.of("Thing"), product.supertypes());
        assertEquals("Anything.", m.type("Thing").orElseThrow().description().orElseThrow());
        assertEquals(DataType.of(PrimitiveKind.URI), product.element("url").orElseThrow().type());
        assertEquals(DataType.of(PrimitiveKind.STRING), product.element("cssSelector").orElseThrow().type());
        assertEquals(new DataType.TaxonomyRef("ItemAvailability"), product.element("availability").orElseThrow()
                .type());
        assertEquals(new DataType.Union(List.of(new DataType.TypeRef("Product"), DataType.of(PrimitiveKind.STRING))),
                product.element("isRelatedTo").orElseThrow().type());
        assertTrue(m.type("Thing").orElseThrow().element("url").isPresent(), "domainIncludes lists both types");
        TaxonomyDef availability = m.taxonomy("ItemAvailability").orElseThrow();
        assertEquals(List.of("InStock", "SoldOut"), availability.terms().stream().map(Term::code).toList());
        assertTrue(m.taxonomy("StatusEnumeration").isPresent(), "an enumeration two levels down is a taxonomy");
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("schema:supersededBy")),
                ledger.entries().toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().equals("https://schema.org/cssSelector")
                && e.explanation().contains("nearest known scalar")), ledger.entries().toString());
        assertEquals("https://schema.org/", m.namespaces().get("schema"), "the file's prefixes are kept");
        assertTrue(GraphRoundTrip.holds(m));
    }

    @Test
    void decodesTheVcConstructsWithTheBundledSecurityContext() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(VC_LIKE, CodecOptions.NONE, ledger);
        assertEquals("https://example.org/cred#", m.identifier().orElseThrow());
        TypeDef credential = m.type("Credential").orElseThrow();
        assertEquals("A set of claims.", credential.description().orElseThrow());
        assertEquals(DataType.of(PrimitiveKind.DATETIME), credential.element("issued").orElseThrow().type());
        assertEquals(new DataType.TypeRef("Validator2018"), credential.element("validator").orElseThrow().type());
        assertEquals(List.of("Credential"), m.type("Validator2018").orElseThrow().supertypes(),
                "an empty language-tagged label falls back to the IRI's name");
        assertTrue(m.type("Either").isPresent());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("owl:unionOf")),
                ledger.entries().toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("owl:Ontology")),
                ledger.entries().toString());
    }

    @Test
    void unknownRemoteContextIsALogicalErrorNamingIt() {
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"@context\": [\"https://example.org/ctx.jsonld\"], \"@id\": \"x\"}", CodecOptions.NONE,
                new LossinessLedger()));
        assertEquals("@context", e.path());
        assertTrue(e.getMessage().contains("'https://example.org/ctx.jsonld'"), e.getMessage());
        assertTrue(e.getMessage().contains("never fetched"), e.getMessage());
    }

    @Test
    void malformedInputNamesLineAndColumn() {
        SchemaSyntaxException json = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"@context\": {},\n  \"@graph\": [,]}", CodecOptions.NONE, new LossinessLedger()));
        assertEquals("line 2, column 14", json.path());
        SchemaSyntaxException ld = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "{\"@context\": {\"x\": {\"@id\": 5}}, \"x\": 1}", CodecOptions.NONE, new LossinessLedger()));
        assertTrue(ld.getMessage().contains("not valid JSON-LD 1.1"), ld.getMessage());
        StringBuilder deep = new StringBuilder();
        deep.append("[".repeat(2000)).append("]".repeat(2000));
        SchemaSyntaxException tooDeep = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                deep.toString(), CodecOptions.NONE, new LossinessLedger()));
        assertTrue(tooDeep.getMessage().contains("limit"), tooDeep.getMessage());
    }

    @Test
    void encodeThenDecodeLosesOnlyWhatTheLedgerNames() throws Exception {
        TypeDef agent = TypeDef.of("Agent", List.of(ElementDef.of("name", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED))).toBuilder().description("Something that acts").build();
        TypeDef person = TypeDef.builder("Person").description(java.util.Optional.of("A human"))
                .supertypes(List.of("Agent")).elements(List.of(
                ElementDef.of("name", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED),
                ElementDef.of("age", new DataType.Primitive(PrimitiveKind.INTEGER, java.util.Optional.of("int32")),
                        Cardinality.OPTIONAL).toBuilder().constraints(io.modelgraph.schema.Constraints.builder()
                                .minimum(java.math.BigDecimal.ZERO).build()).build(),
                ElementDef.of("knows", new DataType.TypeRef("Person"), Cardinality.ANY_NUMBER),
                ElementDef.of("colour", new DataType.TaxonomyRef("Color"), Cardinality.OPTIONAL).toBuilder()
                        .nullable(true).build())).isAbstract(true)
                        .mapsTo(java.util.Optional.of("https://schema.org/Person"))
                        .annotations(Map.of("x.note", "kept?")).build();
        TaxonomyDef color = TaxonomyDef.of("Color", List.of(Term.of("red"), Term.of("green")));
        SchemaModel model = SchemaModel.of("people", List.of(agent, person), List.of(color))
                .toBuilder().namespaces(Map.of("ex", "http://example.org/")).build();
        LossinessLedger out = new LossinessLedger();
        String text = codec.encode(model, CodecOptions.NONE, out);
        assertTrue(text.contains("\"ex\" : \"http://example.org/\""), "the model's prefixes join the context");
        assertEquals(text, codec.encode(model, CodecOptions.NONE, new LossinessLedger()), "stable output");
        SchemaModel back = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
        List<ModelDiff.Difference> diffs = ModelDiff.between(model, back);
        assertFalse(diffs.isEmpty(), "abstract, nullable, the constraint and the native name do not survive");
        assertEquals(List.of(), ModelDiff.unexplained(diffs, out.entries()));
    }

    /** A ShEx shape and a predicate of one name (ChemROF's Count): the range still names the type on read-back. */
    @Test
    void aRangeNamingATypeThatSharesItsNameWithAnElementReadsBackAsTheType() throws Exception {
        SchemaModel m = SchemaModel.of("m", List.of(
                TypeDef.of("Count", List.of()),
                TypeDef.of("A", List.of(ElementDef.of("n",
                        new DataType.TypeRef("Count"), Cardinality.OPTIONAL))),
                TypeDef.of("B", List.of(ElementDef.of("Count",
                        DataType.of(PrimitiveKind.INTEGER),
                        Cardinality.OPTIONAL)))), List.of());
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        SchemaModel back = codec.decode(out, CodecOptions.NONE, new LossinessLedger());
        assertEquals(new DataType.TypeRef("Count"), back.type("A").orElseThrow().element("n")
                .orElseThrow().type(), out);
        assertTrue(back.type("Count").isPresent(), out);
        assertEquals(PrimitiveKind.INTEGER, ((DataType.Primitive) back
                .type("B").orElseThrow().element("Count").orElseThrow().type()).kind(), out);
    }

    @Test
    void anEmptyPrefixOrAnEmptyNamespaceIsNoLongerWrittenIntoTheContextThatJsonLdRefuses() throws Exception {
        SchemaModel m = SchemaModel.of("zoo", List.of(TypeDef.of("Animal", List.of(ElementDef.of("name",
                DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)))), List.of())
                .toBuilder()
                .namespaces(Map.of("", "https://example.org/zoo#", "ordo", "", "ex", "https://example.org/ex/"))
                .build();
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        com.fasterxml.jackson.databind.JsonNode context = io.modelgraph.json.Json.parse(out).path("@context");
        assertFalse(context.has(""), out);
        assertFalse(context.has("ordo"), out);
        assertEquals("https://example.org/ex/", context.path("ex").asText(), out);
        assertEquals(2, ledger.entries().stream().filter(e -> e.explanation().startsWith("prefix '")).count(),
                ledger.entries().toString());
        com.apicatalog.jsonld.JsonLd.toRdf(com.apicatalog.jsonld.document.JsonDocument.of(
                new java.io.StringReader(out))).get();
        assertEquals(List.of("Animal"), codec.decode(out, CodecOptions.NONE, new LossinessLedger()).types().stream()
                .map(TypeDef::name).toList());
    }

    @Test
    void aPrefixThatIsNoJsonLdPrefixNoLongerCompactsAMappingAndACompactMappingIsLedgered() throws Exception {
        // LinkML: IAO: <http://purl.obolibrary.org/obo/IAO_> (no gen-delim at its end), class_uri owl:Class
        SchemaModel m = SchemaModel.of("m", List.of(
                TypeDef.of("Image", List.of()).toBuilder().mapsTo("http://purl.obolibrary.org/obo/IAO_0000101")
                        .build(),
                TypeDef.of("ClassNode", List.of()).toBuilder().mapsTo("owl:Class").build()), List.of()).toBuilder()
                .namespaces(Map.of("IAO", "http://purl.obolibrary.org/obo/IAO_",
                        "owl", "http://www.w3.org/2002/07/owl#")).build();
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        assertEquals(java.util.Optional.of("http://purl.obolibrary.org/obo/IAO_0000101"), back.type("Image")
                .orElseThrow().mapsTo());
        List<ModelDiff.Difference> mappings = ModelDiff.between(m, back).stream().filter(d -> d.what()
                .startsWith("mapsTo")).toList();
        assertEquals(1, mappings.size(), mappings.toString());
        assertEquals(List.of(), ModelDiff.unexplained(mappings, ledger.entries()));
    }
}
