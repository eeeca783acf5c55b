package io.modelgraph.codec.synapse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.json.Json;
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

class SynapseCodecTest {
    private final SynapseCodec codec = new SynapseCodec();

    static SchemaModel biospecimen() {
        TaxonomyDef assay = new TaxonomyDef("assay type", Optional.of("Assay used"), List.of(
                new Term("rnaSeq", Optional.of("RNA-seq"), Optional.empty(), Optional.of("http://purl.obolibrary.org/obo/OBI_0001271")),
                Term.of("wgs")), Optional.empty(), io.modelgraph.schema.Provenance.NONE, Map.of());
        TypeDef base = TypeDef.of("Specimen", List.of(ElementDef.of("specimenID", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED)));
        TypeDef sample = TypeDef.of("Bio-Sample", List.of(
                ElementDef.of("assay", new DataType.TaxonomyRef("assay type"), Cardinality.REQUIRED),
                ElementDef.of("collected", DataType.of(PrimitiveKind.DATE), Cardinality.OPTIONAL),
                ElementDef.of("readLength", DataType.of(PrimitiveKind.INTEGER), Cardinality.ANY_NUMBER)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder()
                        .minimum(java.math.BigDecimal.ONE).build()).build(),
                ElementDef.of("donor", new DataType.TypeRef("Specimen"), Cardinality.OPTIONAL)))
                .toBuilder().supertypes(List.of("Specimen")).build();
        return SchemaModel.of("study", List.of(sample, base), List.of(assay));
    }

    @Test
    void aListOfAnyValueIsAListOfScalars() throws Exception {
        TypeDef t = TypeDef.of("Sample", List.of(ElementDef.of("notes", DataType.of(PrimitiveKind.ANY),
                Cardinality.ANY_NUMBER)));
        LossinessLedger ledger = new LossinessLedger();
        JsonNode bundle = Json.parse(codec.encode(SchemaModel.of("study", List.of(t), List.of()), CodecOptions.NONE,
                ledger));
        JsonNode schema = bundle.path("schemas").get(0);
        assertEquals("[{\"type\":\"string\"},{\"type\":\"number\"},{\"type\":\"boolean\"}]", schema
                .path("properties").path("notes").path("items").path("anyOf").toString());
        assertEquals(List.of(), SynapseShape.violations(schema, true), schema.toString());
        assertEquals(1, ledger.size(), ledger.entries().toString());
    }

    @Test
    void oneRegisteredSchemaPerTaxonomyAndTypeInRegistrationOrder() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        JsonNode bundle = Json.parse(codec.encode(biospecimen(), new CodecOptions(Map.of(
                SynapseNames.ORGANIZATION, "my.lab", SynapseNames.SCHEMA_VERSION, "1.2.0")), ledger));
        assertEquals("my.lab", bundle.path("organizationName").asText());
        JsonNode schemas = bundle.path("schemas");
        assertEquals(List.of("my.lab-study.assayType-1.2.0", "my.lab-study.Specimen-1.2.0",
                "my.lab-study.BioSample-1.2.0"), List.of(schemas.get(0).path("$id").asText(),
                schemas.get(1).path("$id").asText(), schemas.get(2).path("$id").asText()));
        assertEquals("rnaSeq", schemas.get(0).path("anyOf").get(0).path("const").asText());
        assertEquals("http://purl.obolibrary.org/obo/OBI_0001271", schemas.get(0).path("anyOf").get(0).path("source")
                .asText());
        JsonNode sample = schemas.get(2);
        assertEquals("my.lab-study.assayType-1.2.0", sample.path("properties").path("assay").path("$ref").asText());
        assertEquals("my.lab-study.Specimen-1.2.0", sample.path("allOf").get(0).path("$ref").asText());
        assertEquals("array", sample.path("properties").path("readLength").path("type").asText());
        assertEquals(1, sample.path("properties").path("readLength").path("items").path("minimum").asInt());
        assertEquals("date", sample.path("properties").path("collected").path("format").asText());
        assertEquals(List.of("assay"), List.of(sample.path("required").get(0).asText()));
        for (JsonNode s : schemas) {
            assertEquals(List.of(), SynapseShape.violations(s, true), s.toString());
        }
        // two renames (assay type, Bio-Sample) and the type reference written as a string
        assertEquals(3, ledger.size(), ledger.entries().toString());
    }

    @Test
    void defaultsNameTheBundleAfterTheModel() throws Exception {
        JsonNode bundle = Json.parse(codec.encode(biospecimen(), CodecOptions.NONE, new LossinessLedger()));
        assertEquals("modelgraph-study.Specimen", bundle.path("schemas").get(1).path("$id").asText());
    }

    @Test
    void badOptionsAreLogicalErrorsNamingTheKey() {
        for (Map.Entry<String, String> bad : Map.of(SynapseNames.ORGANIZATION, "lab", SynapseNames.SCHEMA_NAME,
                "1study", SynapseNames.SCHEMA_VERSION, "1.0").entrySet()) {
            InvalidOptionException f = assertThrows(InvalidOptionException.class, () -> codec.encode(biospecimen(),
                    new CodecOptions(Map.of(bad.getKey(), bad.getValue())), new LossinessLedger()));
            assertEquals(400, f.status());
            assertEquals(bad.getKey(), f.path());
            assertTrue(f.getMessage().contains(bad.getValue()), f.getMessage());
        }
    }

    @Test
    void aTaxonomyWithoutTermsIsAnyStringNotAnEmptyAnyOf() throws Exception {
        // draft-07 requires anyOf to be a non-empty array: a dynamic enum (terms defined elsewhere) has no terms
        LossinessLedger ledger = new LossinessLedger();
        JsonNode bundle = Json.parse(codec.encode(SchemaModel.of("study", List.of(), List.of(TaxonomyDef.of(
                "EvidenceCode", List.of()))), CodecOptions.NONE, ledger));
        JsonNode schema = bundle.path("schemas").get(0);
        assertTrue(schema.path("anyOf").isMissingNode(), schema.toString());
        assertEquals("string", schema.path("type").asText());
        assertEquals(List.of(), SynapseShape.violations(schema, true), schema.toString());
        assertEquals(List.of("taxonomies.EvidenceCode"), ledger.entries().stream().map(e -> e.path()).toList());
    }
}
