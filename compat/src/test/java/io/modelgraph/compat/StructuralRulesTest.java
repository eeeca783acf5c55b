package io.modelgraph.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.Test;

class StructuralRulesTest {
    private static final ElementDef NAME = ElementDef.of("name", DataType.of(PrimitiveKind.STRING),
            Cardinality.REQUIRED);
    private static final ElementDef AGE = ElementDef.of("age", DataType.of(PrimitiveKind.INTEGER),
            Cardinality.OPTIONAL);

    private static SchemaModel model(TypeDef... types) {
        return SchemaModel.of("m", List.of(types), List.of());
    }

    private static List<String> rules(CompareReport report) {
        return report.findings().stream().map(Finding::rule).toList();
    }

    @Test
    void typesDeclaredAlikeAreMatchedOnceAndSkippedWhileChangedOnesAreChecked() {
        TypeDef person = TypeDef.of("Person", List.of(NAME, AGE));
        TypeDef described = person.toBuilder().description("Someone").build();
        TypeDef narrowed = TypeDef.of("Person", List.of(NAME, AGE.toBuilder().type(DataType.of(PrimitiveKind
                .BOOLEAN)).build()));
        Matching alike = new Matching(model(person), model(described));
        assertTrue(alike.alike(person), "a description alone changes nothing a reader sees");
        Matching changed = new Matching(model(person), model(narrowed));
        assertFalse(changed.alike(person));
        for (String consumer : List.of("linkml", "jsonschema", "sql", "protobuf", "redcap")) {
            assertTrue(Compatibility.compare(model(person), model(described), Mode.FULL, List.of(consumer))
                    .compatible(), consumer);
            assertFalse(Compatibility.compare(model(person), model(narrowed), Mode.FULL, List.of(consumer))
                    .compatible(), consumer);
        }
        assertEquals(List.of(), Compatibility.compare(model(person), model(described), Mode.NONE, List.of())
                .changelog());
    }

    /**
     * Alike pairs are paired by place, except where two elements share a name: then the first of the name reads
     * both, as the pairing by name has it, whether the type is small or large; the reader then has none of its own.
     */
    @Test
    void alikeTypesWithASharedNamePairByNameWhateverTheirSize() {
        for (int size : List.of(3, 12, 13, 40)) {
            List<ElementDef> elements = new java.util.ArrayList<>();
            for (int i = 0; i < size - 1; i++) {
                elements.add(ElementDef.of("e" + i, DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL));
            }
            ElementDef again = ElementDef.of("e0", DataType.of(PrimitiveKind.INTEGER), Cardinality.REQUIRED);
            elements.add(again);
            TypeDef t = TypeDef.of("Wide", elements);
            Matching m = new Matching(model(t), model(t.toBuilder().description("same").build()));
            assertTrue(m.alike(t), "size " + size);
            Matching.ElementMatch last = m.types().get(0).elements().get(size - 1);
            assertEquals(again, last.writer());
            assertEquals("e0", last.reader().orElseThrow().name());
            assertEquals(DataType.of(PrimitiveKind.STRING), last.reader().orElseThrow().type(),
                    "size " + size + ": the first e0 reads both");
            assertEquals(List.of(), m.types().get(0).readerOnly(), "size " + size);
            List<ElementDef> unique = elements.subList(0, size - 1);
            TypeDef u = TypeDef.of("Wide", unique);
            Matching um = new Matching(model(u), model(u.toBuilder().description("same").build()));
            for (int i = 0; i < unique.size(); i++) {
                assertEquals(unique.get(i), um.types().get(0).elements().get(i).reader().orElseThrow());
            }
        }
    }

    /** The REDCap review skips alike instruments without comparing their fields again, in both directions. */
    @Test
    void redcapReviewSkipsAlikeInstrumentsAndStillSeesAChangedOne() {
        TypeDef kept = TypeDef.of("Intake", List.of(NAME, AGE));
        TypeDef form = TypeDef.of("Visit", List.of(ElementDef.of("weight", DataType.of(PrimitiveKind.NUMBER),
                Cardinality.OPTIONAL)));
        TypeDef retyped = TypeDef.of("Visit", List.of(ElementDef.of("weight", DataType.of(PrimitiveKind.STRING),
                Cardinality.OPTIONAL)));
        for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD, Mode.FULL)) {
            CompareReport same = Compatibility.compare(model(kept, form), model(kept.toBuilder().description("x")
                    .build(), form), mode, List.of("redcap"));
            assertEquals(List.of(), rules(same), mode.name());
            CompareReport changed = Compatibility.compare(model(kept, form), model(kept, retyped), mode,
                    List.of("redcap"));
            assertEquals(List.of("redcap.production-field-type-changed"), rules(changed), mode.name());
            assertEquals("Visit.weight", changed.findings().get(0).basePath(), mode.name());
        }
    }

    @Test
    void binaryIsAStringForJsonSchemaReadersOnly() {
        SchemaModel binary = model(TypeDef.of("Blob", List.of(ElementDef.of("data", DataType.of(PrimitiveKind.BINARY),
                Cardinality.REQUIRED))));
        SchemaModel text = model(TypeDef.of("Blob", List.of(ElementDef.of("data", DataType.of(PrimitiveKind.STRING),
                Cardinality.REQUIRED))));
        assertTrue(Compatibility.compare(binary, text, Mode.FULL, List.of("jsonschema")).compatible(),
                "both are JSON strings; contentEncoding is an annotation");
        assertEquals(List.of("structure.type-narrowed"), rules(Compatibility.compare(binary, text, Mode.BACKWARD,
                List.of("linkml"))));
    }

    @Test
    void addingAnOptionalElementIsCompatibleEitherWay() {
        SchemaModel base = model(TypeDef.of("Person", List.of(NAME)));
        SchemaModel candidate = model(TypeDef.of("Person", List.of(NAME, AGE)));
        CompareReport r = Compatibility.compare(base, candidate, Mode.FULL, List.of("linkml"));
        assertTrue(r.compatible(), () -> r.findings().toString());
        assertEquals(List.of(new Change(Change.Kind.ADDED, "", "Person.age", "element")), r.changelog());
    }

    @Test
    void aNewRequiredElementBreaksBackwardNotForward() {
        SchemaModel base = model(TypeDef.of("Person", List.of(AGE)));
        SchemaModel candidate = model(TypeDef.of("Person", List.of(AGE, NAME)));
        CompareReport backward = Compatibility.compare(base, candidate, Mode.BACKWARD, List.of("linkml"));
        assertFalse(backward.compatible());
        assertEquals(List.of("structure.required-element-added"), rules(backward));
        Finding f = backward.findings().get(0);
        assertEquals("Person", f.basePath());
        assertEquals("Person.name", f.candidatePath());
        assertEquals(Severity.ERROR, f.severity());
        assertEquals("linkml", f.consumer());
        assertTrue(Compatibility.compare(base, candidate, Mode.FORWARD, List.of("linkml")).compatible());
    }

    @Test
    void removingARequiredElementBreaksForward() {
        SchemaModel base = model(TypeDef.of("Person", List.of(AGE, NAME)));
        SchemaModel candidate = model(TypeDef.of("Person", List.of(AGE)));
        CompareReport forward = Compatibility.compare(base, candidate, Mode.FORWARD, List.of("owl"));
        assertEquals(List.of("structure.required-element-removed"), rules(forward));
        assertEquals("Person.name", forward.findings().get(0).basePath());
        CompareReport backward = Compatibility.compare(base, candidate, Mode.BACKWARD, List.of("owl"));
        assertTrue(backward.compatible());
        assertEquals(List.of("structure.element-removed"), rules(backward));
        assertEquals(Severity.WARNING, backward.findings().get(0).severity());
    }

    @Test
    void narrowingATypeBreaksBackwardAndWideningBreaksForward() {
        SchemaModel base = model(TypeDef.of("T", List.of(ElementDef.of("x", DataType.of(PrimitiveKind.INTEGER),
                Cardinality.REQUIRED))));
        SchemaModel candidate = model(TypeDef.of("T", List.of(ElementDef.of("x", DataType.of(PrimitiveKind.NUMBER),
                Cardinality.REQUIRED))));
        assertTrue(Compatibility.compare(base, candidate, Mode.BACKWARD, List.of("shex")).compatible());
        CompareReport forward = Compatibility.compare(base, candidate, Mode.FORWARD, List.of("shex"));
        assertEquals(List.of("structure.type-narrowed"), rules(forward));
        assertEquals("T.x", forward.findings().get(0).basePath());
        assertEquals("T.x", forward.findings().get(0).candidatePath());
    }

    @Test
    void aClosedReaderRefusesUnknownElements() {
        TypeDef open = TypeDef.of("T", List.of(NAME, AGE));
        TypeDef closed = TypeDef.of("T", List.of(NAME)).toBuilder().annotations(Map.of("closed", "true")).build();
        CompareReport r = Compatibility.compare(model(open), model(closed), Mode.BACKWARD, List.of("shex"));
        assertEquals(List.of("structure.content-closed", "structure.element-removed"), rules(r));
        assertFalse(r.compatible());
    }

    @Test
    void removedTypesAndTermsBreakBackward() {
        SchemaModel base = SchemaModel.of("m", List.of(TypeDef.of("A", List.of()), TypeDef.of("B", List.of())),
                List.of(TaxonomyDef.of("Color", List.of(Term.of("RED"), Term.of("BLUE")))));
        SchemaModel candidate = SchemaModel.of("m", List.of(TypeDef.of("A", List.of())),
                List.of(TaxonomyDef.of("Color", List.of(Term.of("RED")))));
        CompareReport r = Compatibility.compare(base, candidate, Mode.BACKWARD, List.of("jsonld"));
        assertEquals(List.of("structure.type-removed", "structure.term-removed"), rules(r));
        assertEquals("Color.BLUE", r.findings().get(1).basePath());
        assertTrue(r.changelog().contains(new Change(Change.Kind.REMOVED, "B", "", "type")));
        assertTrue(r.changelog().contains(new Change(Change.Kind.REMOVED, "Color.BLUE", "", "value")));
    }

    @Test
    void anAliasMakesARename() {
        SchemaModel base = model(TypeDef.of("Person", List.of(NAME)));
        ElementDef renamed = NAME.toBuilder().name("fullName").annotations(Map.of("avro.aliases", "[\"name\"]"))
                .build();
        SchemaModel candidate = model(TypeDef.of("Human", List.of(renamed)).toBuilder()
                .annotations(Map.of("avro.aliases", "[\"Person\"]")).build());
        CompareReport r = Compatibility.compare(base, candidate, Mode.FULL, List.of("linkml"));
        assertTrue(r.compatible(), () -> r.findings().toString());
        assertEquals(List.of(new Change(Change.Kind.RENAMED, "Person", "Human", "type"),
                new Change(Change.Kind.RENAMED, "Person.name", "Human.fullName", "element")), r.changelog());
    }

    @Test
    void noneGivesOnlyTheChangelog() {
        SchemaModel base = model(TypeDef.of("Person", List.of(AGE)));
        SchemaModel candidate = model(TypeDef.of("Person", List.of(NAME)));
        CompareReport r = Compatibility.compare(base, candidate, Mode.NONE, List.of("linkml", "linkml"));
        assertTrue(r.compatible());
        assertEquals(1, r.verdicts().size());
        assertTrue(r.findings().isEmpty());
        assertEquals(2, r.changelog().size());
    }

    @Test
    void theDefaultConsumerIsTheCandidatesFormat() {
        SchemaModel base = model(TypeDef.of("Person", List.of(AGE)));
        SchemaModel candidate = model(TypeDef.of("Person", List.of(AGE))).toBuilder()
                .provenance(io.modelgraph.schema.Provenance.of("shex")).build();
        assertEquals("shex", Compatibility.compare(base, candidate, Mode.FULL, List.of()).verdicts().get(0)
                .consumer());
    }

    @Test
    void consumersOfOneRuleSetShareItsFindingsUnderTheirOwnKeys() {
        SchemaModel base = model(TypeDef.of("Person", List.of(AGE)));
        SchemaModel candidate = model(TypeDef.of("Person", List.of(AGE, NAME)));
        CompareReport r = Compatibility.compare(base, candidate, Mode.BACKWARD, List.of("shex", "owl",
                "jsonschema"));
        assertEquals(List.of("shex", "owl", "jsonschema"), r.verdicts().stream().map(ConsumerVerdict::consumer)
                .toList());
        ConsumerVerdict shex = r.verdicts().get(0);
        ConsumerVerdict owl = r.verdicts().get(1);
        assertEquals(List.of("structure.required-element-added"), shex.findings().stream().map(Finding::rule)
                .toList());
        assertEquals(shex.findings().stream().map(f -> List.of(f.rule(), f.basePath(), f.candidatePath(),
                f.message())).toList(), owl.findings().stream().map(f -> List.of(f.rule(), f.basePath(),
                f.candidatePath(), f.message())).toList());
        assertTrue(owl.findings().stream().allMatch(f -> f.consumer().equals("owl")));
        // JSON Schema has rules of its own: same question, its own words
        assertEquals(List.of("jsonschema.required-property-added"), r.verdicts().get(2).findings().stream()
                .map(Finding::rule).toList());
    }

    @Test
    void matchingPairsTypesAndElementsOnceByNameAliasOrMapsTo() {
        TypeDef oldPerson = TypeDef.of("Person", List.of(NAME, AGE));
        ElementDef fullName = NAME.toBuilder().name("fullName").annotations(Map.of("aliases", "name")).build();
        TypeDef newPerson = TypeDef.of("Human", List.of(fullName, ElementDef.of("email", DataType.of(
                PrimitiveKind.STRING), Cardinality.OPTIONAL))).toBuilder().annotations(Map.of("aliases",
                "[\"Person\"]")).build();
        Matching m = new Matching(model(oldPerson), model(newPerson));
        Matching.TypeMatch t = m.types().get(0);
        assertEquals("Human", t.reader().orElseThrow().name());
        assertEquals("fullName", t.elements().get(0).reader().orElseThrow().name());
        assertTrue(t.elements().get(1).reader().isEmpty());
        assertEquals(List.of("email"), t.readerOnly().stream().map(ElementDef::name).toList());
    }
}
