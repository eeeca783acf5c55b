package io.modelgraph.codec.owl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ModelDiff;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The owl codec on small ontologies written here; the corpus runs in OwlConformanceTest. */
class OwlCodecTest {
    private final OwlCodec codec = new OwlCodec();

    static final String ZOO_TTL = """
            @prefix : <https://example.org/zoo#> .
            @prefix owl: <http://www.w3.org/2002/07/owl#> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
            <https://example.org/zoo> a owl:Ontology ; rdfs:label "zoo" ; owl:imports <https://example.org/other> .
            :Animal a owl:Class ; rdfs:label "Animal"@en ; rdfs:comment "A living thing." .
            :Keeper a owl:Class ; rdfs:label "Keeper" .
            :Lion a owl:Class ; rdfs:subClassOf :Animal ;
                rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :keptBy ; owl:someValuesFrom :Keeper ] ;
                rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :legs ; owl:cardinality "4"^^xsd:nonNegativeInteger ] .
            :Size a owl:Class ; owl:oneOf ( :Small :Large ) .
            :Small rdfs:label "small" . :Large rdfs:label "large" .
            :name a owl:DatatypeProperty , owl:FunctionalProperty ; rdfs:domain :Animal ; rdfs:range xsd:string .
            :legs a owl:DatatypeProperty ; rdfs:domain :Animal ; rdfs:range xsd:int .
            :size a owl:ObjectProperty ; rdfs:domain :Animal ; rdfs:range :Size .
            :keptBy a owl:ObjectProperty .
            :Pet a owl:Class ; owl:unionOf ( :Lion :Keeper ) .
            :Animal owl:disjointWith :Keeper .
            """;

    static final String ZOO_XML = """
            <?xml version="1.0"?>
            <!DOCTYPE rdf:RDF [
              <!ENTITY owl "http://www.w3.org/2002/07/owl#" >
              <!ENTITY zoo "https://example.org/zoo#" >
            ]>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                     xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="&owl;">
              <owl:Class rdf:about="&zoo;Animal"><rdfs:label>Animal</rdfs:label></owl:Class>
              <owl:Class rdf:about="&zoo;Lion"><rdfs:subClassOf rdf:resource="&zoo;Animal"/></owl:Class>
            </rdf:RDF>
            """;

    @Test
    void decodesClassesPropertiesRestrictionsAndEnumerations() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = codec.decode(ZOO_TTL, CodecOptions.NONE, ledger);
        assertEquals(Optional.of("https://example.org/zoo"), m.identifier());
        assertEquals("zoo", m.name());
        TypeDef animal = m.type("Animal").orElseThrow();
        assertEquals("A living thing.", animal.description().orElseThrow());
        assertEquals(Cardinality.OPTIONAL, animal.element("name").orElseThrow().cardinality(), "functional");
        assertEquals(new DataType.Primitive(PrimitiveKind.INTEGER, Optional.of("xsd:int")),
                animal.element("legs").orElseThrow().type());
        assertEquals(new DataType.TaxonomyRef("Size"), animal.element("size").orElseThrow().type());
        TypeDef lion = m.type("Lion").orElseThrow();
        assertEquals(List.of("Animal"), lion.supertypes());
        assertEquals(new DataType.TypeRef("Keeper"), lion.element("keptBy").orElseThrow().type());
        assertEquals(1, lion.element("keptBy").orElseThrow().cardinality().min(), "someValuesFrom: at least one");
        assertEquals(new Cardinality(4, OptionalInt.of(4)), lion.element("legs").orElseThrow().cardinality());
        assertEquals(List.of("small", "large"), m.taxonomy("Size").orElseThrow().terms().stream()
                .map(t -> t.code()).toList());
        assertEquals("https://example.org/zoo#", m.namespaces().get(""));
        for (String expected : List.of("owl:imports", "owl:unionOf", "owl:disjointWith")) {
            assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains(expected)),
                    expected + " in " + ledger.entries());
        }
        assertTrue(GraphRoundTrip.holds(m));
    }

    @Test
    void rdfXmlIsDetectedFromContentAndInternalEntitiesExpand() throws Exception {
        assertEquals(OwlParsing.Syntax.RDFXML, OwlParsing.detect("\n  " + ZOO_XML));
        assertEquals(OwlParsing.Syntax.TURTLE, OwlParsing.detect(ZOO_TTL));
        SchemaModel m = codec.decode(ZOO_XML, CodecOptions.NONE, new LossinessLedger());
        assertEquals(List.of("Animal"), m.type("Lion").orElseThrow().supertypes());
        assertEquals("https://example.org/zoo#Lion", m.type("Lion").orElseThrow().provenance().originalName()
                .orElseThrow());
    }

    @Test
    void externalEntitiesAreNeverRead(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET");
        String xxe = """
                <?xml version="1.0"?>
                <!DOCTYPE rdf:RDF [ <!ENTITY secret SYSTEM "%s"> ]>
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                         xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#">
                  <owl:Class rdf:about="https://example.org/A"><rdfs:comment>&secret;</rdfs:comment></owl:Class>
                </rdf:RDF>
                """.formatted(secret.toUri());
        SchemaModel m;
        try {
            m = codec.decode(xxe, CodecOptions.NONE, new LossinessLedger());
        } catch (SchemaSyntaxException refused) {
            return; // refusing the document is as safe as not reading the entity
        }
        assertFalse(m.type("A").flatMap(TypeDef::description).orElse("").contains("TOP-SECRET"));
    }

    @Test
    void entityExpansionIsBounded() {
        StringBuilder entities = new StringBuilder("<!ENTITY a0 \"xxxxxxxxxx\">");
        for (int i = 1; i < 12; i++) {
            entities.append("<!ENTITY a").append(i).append(" \"")
                    .append(("&a" + (i - 1) + ";").repeat(10)).append("\">");
        }
        String bomb = "<?xml version=\"1.0\"?><!DOCTYPE rdf:RDF [" + entities + "]>"
                + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" "
                + "xmlns:rdfs=\"http://www.w3.org/2000/01/rdf-schema#\">"
                + "<rdf:Description rdf:about=\"https://example.org/x\"><rdfs:label>&a11;</rdfs:label>"
                + "</rdf:Description></rdf:RDF>";
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> codec.decode(bomb,
                CodecOptions.NONE, new LossinessLedger()));
        assertTrue(e.getMessage().toLowerCase().contains("entit"), e.getMessage());
    }

    @Test
    void malformedInputNamesLineAndColumn() {
        SchemaSyntaxException ttl = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "@prefix : <https://example.org/> .\n:a :b :c ;\n  :d [ :e ] ] .\n", CodecOptions.NONE, new LossinessLedger()));
        assertTrue(ttl.path().startsWith("line 3"), ttl.path());
        assertTrue(ttl.getMessage().startsWith("Malformed Turtle"), ttl.getMessage());
        SchemaSyntaxException xml = assertThrows(SchemaSyntaxException.class, () -> codec.decode(
                "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n<oops></rdf:RDF>",
                CodecOptions.NONE, new LossinessLedger()));
        assertTrue(xml.path().startsWith("line 2"), xml.path());
    }

    /** The excluded jars (JSON-LD, Guava, RDF4J's Jackson) are not needed on either parse path. */
    @Test
    void excludedLibrariesAreAbsentAndBothSyntaxesStillParse() throws Exception {
        for (String absent : List.of("com.google.common.collect.ImmutableList", "com.github.jsonldjava.core.JsonLdApi",
                "no.hasmac.jsonld.JsonLd", "org.eclipse.rdf4j.rio.jsonld.JSONLDParser")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(absent), absent);
        }
        assertFalse(codec.decode(ZOO_TTL, CodecOptions.NONE, new LossinessLedger()).types().isEmpty());
        assertFalse(codec.decode(ZOO_XML, CodecOptions.NONE, new LossinessLedger()).types().isEmpty());
    }

    @Test
    void encodeIsStableTurtleThatDecodesBackWithEveryLossNamed() throws Exception {
        SchemaModel m = codec.decode(ZOO_TTL, CodecOptions.NONE, new LossinessLedger());
        LossinessLedger out = new LossinessLedger();
        String ttl = codec.encode(m, CodecOptions.NONE, out);
        assertEquals(ttl, codec.encode(m, CodecOptions.NONE, new LossinessLedger()), "stable text");
        assertTrue(ttl.contains("@prefix : <https://example.org/zoo#>"), ttl);
        SchemaModel back = codec.decode(ttl, CodecOptions.NONE, new LossinessLedger());
        assertEquals(List.of(), ModelDiff.unexplained(ModelDiff.between(m, back), out.entries()), ttl);
        assertEquals(List.of(), ModelDiff.between(m, back), ttl + out.entries());
    }

    @Test
    void aSlugIdentifierNoLongerFailsTheEncodeButBecomesAnAbsoluteOntologyIriWithALedgerEntry() throws Exception {
        SchemaModel m = SchemaModel.of("orders", List.of(TypeDef.of("Order", List.of(io.modelgraph.schema.ElementDef
                .of("id", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)))), List.of())
                .toBuilder().identifier("orders-001").build();
        LossinessLedger ledger = new LossinessLedger();
        String ttl = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(ttl.contains("<https://w3id.org/modelgraph/orders-001> a owl:Ontology"), ttl);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("orders-001")),
                ledger.entries().toString());
        SchemaModel back = codec.decode(ttl, CodecOptions.NONE, new LossinessLedger());
        assertEquals(Optional.of("https://w3id.org/modelgraph/orders-001"), back.identifier());
    }

    @Test
    void elementsSharingOnePropertyWithDifferentDescriptionsAreLedgered() throws Exception {
        // Northwind's Shipper.CompanyName and Supplier.CompanyName: one owl:DatatypeProperty, one rdfs:comment
        java.util.function.Function<String, io.modelgraph.schema.ElementDef> name = d -> io.modelgraph.schema
                .ElementDef.of("CompanyName", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL).toBuilder()
                .description(d).build();
        SchemaModel m = SchemaModel.of("m", List.of(TypeDef.of("Shipper", List.of(name.apply("The shipper's"
                + " name."))), TypeDef.of("Supplier", List.of(name.apply("The supplier's name.")))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<ModelDiff.Difference> diffs = ModelDiff.between(m, back);
        assertTrue(diffs.stream().anyMatch(d -> d.what().startsWith("description")), diffs.toString());
        assertEquals(List.of(), ModelDiff.unexplained(diffs.stream().filter(d -> d.what().startsWith(
                "description")).toList(), ledger.entries()));
    }
}
