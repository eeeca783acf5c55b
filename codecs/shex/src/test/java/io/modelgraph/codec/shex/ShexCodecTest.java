package io.modelgraph.codec.shex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import io.modelgraph.schema.graph.GraphRoundTrip;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ShexCodecTest {
    static final String PEOPLE = """
            PREFIX ex: <http://example.org/ns#>
            PREFIX foaf: <http://xmlns.com/foaf/0.1/>
            PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>

            start = @ex:PersonShape

            ex:AgentShape {
              foaf:name xsd:string MAXLENGTH 80
            }

            ex:PersonShape EXTENDS @ex:AgentShape {
              foaf:age xsd:integer MININCLUSIVE 0 ? ;
              foaf:knows @ex:PersonShape * ;
              ex:status [ex:active ex:retired] ;
              foaf:mbox IRI +
            }
            """;

    private final ShexCodec codec = new ShexCodec();

    private SchemaModel decode(String text, LossinessLedger ledger) throws SchemaSyntaxException {
        return codec.decode(text, CodecOptions.NONE, ledger);
    }

    @Test
    void aForeignTaxonomyWrittenAsAnInlineValueSetIsLedgeredUnderItsNewName() throws Exception {
        SchemaModel model = SchemaModel.of("m", List.of(TypeDef.of("Allocation", List.of(ElementDef.of("direction",
                new DataType.TaxonomyRef("Direction"), Cardinality.REQUIRED)))), List.of(TaxonomyDef.of("Direction",
                List.of(Term.of("BUY"), Term.of("SELL")))));
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(model, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        assertTrue(back.taxonomy("Direction").isEmpty());
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(model, back);
        assertTrue(diffs.stream().anyMatch(d -> d.what().equals("taxonomy missing")), diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }

    @Test
    void aForeignModelsNamesAndMissingMappingsComeBackOrAreLedgered() throws Exception {
        SchemaModel model = SchemaModel.of("m", List.of(TypeDef.of("access_tokens", List.of(
                ElementDef.of("double_data", DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL),
                ElementDef.of("user", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)))), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(model, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        TypeDef tokens = back.type("AccessTokens").orElseThrow();
        assertEquals(Optional.empty(), tokens.element("user").orElseThrow().mapsTo(),
                "the encoder's own cm: predicate is no mapping");
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(model, back);
        assertFalse(diffs.isEmpty());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
        SchemaModel renamed = SchemaModel.of("m", List.of(tokens), List.of());
        LossinessLedger again = new LossinessLedger();
        SchemaModel twice = codec.decode(codec.encode(renamed, CodecOptions.NONE, again), CodecOptions.NONE, again);
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.between(renamed, twice).stream()
                .filter(d -> !d.what().startsWith("type ")).toList(), "a ShEx-read model comes back as it was");
    }

    @Test
    void shapesBecomeTypesAndTripleConstraintsElements() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = decode(PEOPLE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        assertEquals(List.of("Agent", "Person"), m.types().stream().map(TypeDef::name).toList(),
                "a <Name>Shape label reads as <Name> (rule 9)");
        TypeDef person = m.type("Person").orElseThrow();
        assertEquals(List.of("Agent"), person.supertypes(), "EXTENDS becomes inheritance");
        assertEquals(Optional.of("Person"), m.rootType(), "start names the root type");
        ElementDef age = person.element("age").orElseThrow();
        assertEquals(Optional.of("http://xmlns.com/foaf/0.1/age"), age.mapsTo(), "the predicate IRI is in mapsTo");
        assertEquals(new DataType.Primitive(PrimitiveKind.INTEGER, Optional.of("xsd:integer")), age.type());
        assertEquals(Cardinality.OPTIONAL, age.cardinality());
        assertEquals(Optional.of(BigDecimal.ZERO), age.constraints().minimum());
        assertEquals(new DataType.TypeRef("Person"), person.element("knows").orElseThrow().type());
        assertEquals(Cardinality.ANY_NUMBER, person.element("knows").orElseThrow().cardinality());
        assertEquals(Cardinality.AT_LEAST_ONE, person.element("mbox").orElseThrow().cardinality());
        assertEquals(PrimitiveKind.URI, ((DataType.Primitive) person.element("mbox").orElseThrow().type()).kind());
        DataType.TaxonomyRef status = (DataType.TaxonomyRef) person.element("status").orElseThrow().type();
        TaxonomyDef values = m.taxonomy(status.taxonomyName()).orElseThrow();
        assertEquals(List.of("ex:active", "ex:retired"), values.terms().stream().map(Term::code).toList(),
                "an inline value set becomes a taxonomy");
        assertEquals(Optional.of("http://example.org/ns#active"), values.terms().get(0).mapsTo());
        assertEquals(Optional.of(80L), m.type("Agent").orElseThrow().element("name").orElseThrow().constraints()
                .maxLength());
        assertEquals("http://xmlns.com/foaf/0.1/", m.namespaces().get("foaf"), "prefixes are model-level facts");
        assertTrue(GraphRoundTrip.holds(m), "the decoded model survives the graph");
    }

    @Test
    void aModelFromShexIsWrittenBackWithItsOwnNamesAndPrefixes() throws Exception {
        SchemaModel m = decode(PEOPLE, new LossinessLedger());
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        assertTrue(out.contains("PREFIX foaf: <http://xmlns.com/foaf/0.1/>"), out);
        assertTrue(out.contains("ex:PersonShape EXTENDS @ex:AgentShape"), out);
        assertTrue(out.contains("foaf:age xsd:integer MININCLUSIVE 0?"), out);
        assertTrue(out.contains("ex:status [ex:active ex:retired]"), out);
        assertTrue(out.contains("start = @ex:PersonShape"), out);
        ShexcReader reader = new ShexcReader();
        assertEquals("", ShexjEquivalence.difference(reader.read(PEOPLE).shexj(), reader.read(out).shexj()));
    }

    @Test
    void aModelFromElsewhereGetsCmShapesPrefixedPredicatesAndInlineValueSets() throws Exception {
        TaxonomyDef genre = TaxonomyDef.of("Genre", List.of(Term.of("fiction"), Term.of("poetry")));
        TypeDef book = TypeDef.of("book record", List.of(
                ElementDef.of("title", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                        .toBuilder().mapsTo("http://purl.org/dc/terms/title").build(),
                ElementDef.of("pages", DataType.of(PrimitiveKind.INTEGER), Cardinality.OPTIONAL),
                ElementDef.of("genre", new DataType.TaxonomyRef("Genre"), Cardinality.ANY_NUMBER),
                ElementDef.of("authors", new DataType.TypeRef("Author"), Cardinality.AT_LEAST_ONE),
                ElementDef.of("isbns", DataType.of(PrimitiveKind.STRING), new Cardinality(1, OptionalInt.of(3)))));
        TypeDef author = TypeDef.of("Author", List.of(
                ElementDef.of("name", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)));
        SchemaModel m = SchemaModel.of("library", List.of(book, author), List.of(genre))
                .toBuilder().namespaces(Map.of("dct", "http://purl.org/dc/terms/")).build();
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(out.contains("PREFIX cm: <" + ShexCodec.CM_NAMESPACE + ">"), out);
        assertTrue(out.contains("cm:BookRecordShape {"), out);
        assertTrue(out.contains("dct:title xsd:string ;"), out + " (mapsTo reversed into a prefixed predicate)");
        assertTrue(out.contains("cm:pages xsd:integer?"), out);
        assertTrue(out.contains("cm:genre [\"fiction\" \"poetry\"]*"), out);
        assertTrue(out.contains("cm:authors @cm:AuthorShape+"), out);
        assertTrue(out.contains("cm:isbns xsd:string {1,3}"), out);
        assertTrue(out.contains("cm:AuthorShape {"), out);
        SchemaModel back = decode(out, new LossinessLedger());
        assertEquals(List.of("BookRecord", "Author"), back.types().stream().map(TypeDef::name).toList(),
                "the output parses with the decoder; cm:<Name>Shape reads back as <Name>");
    }

    @Test
    void whatTheModelCannotStateIsCarriedAndLedgeredWithAPath() throws Exception {
        String text = """
                PREFIX : <http://example.org/>
                :S CLOSED { (:a . | :b .) ; :c NOT @:T }
                :T { :d . }
                """;
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = decode(text, ledger);
        List<String> paths = ledger.entries().stream().map(LossEntry::path).toList();
        assertTrue(paths.contains("/shapes/:S"), paths.toString());
        assertTrue(paths.contains("/shapes/:S/:c"), paths.toString());
        assertEquals("true", m.type("S").orElseThrow().annotations().get("shex.closed"));
        String nested = codec.encode(decode("PREFIX : <http://example.org/>\n:S { :a { :b . } }",
                new LossinessLedger()), CodecOptions.NONE, new LossinessLedger());
        assertFalse(nested.contains("cm:"), "a nested shape is written inline, needing no cm: name: " + nested);
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        ShexcReader reader = new ShexcReader();
        assertEquals("", ShexjEquivalence.difference(reader.read(text).shexj(), reader.read(out).shexj()), out);
    }

    @Test
    void syntaxErrorsNameLineAndColumn() {
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> decode("PREFIX : <http://e/>\n:S {\n  :p xsd:string\n}", new LossinessLedger()));
        assertEquals("line 3, column 6", e.path());
        assertEquals("line 3, column 6: the prefix 'xsd:' is not declared.", e.getMessage());
        SchemaSyntaxException brace = assertThrows(SchemaSyntaxException.class,
                () -> decode("<http://e/S> { <http://e/p> . ", new LossinessLedger()));
        assertTrue(brace.getMessage().startsWith("line 1, column 31: expected '}'"), brace.getMessage());
    }

    @Test
    void anEmptyDocumentIsRefusedAtTheRoot() {
        for (String blank : List.of("", "  \n\t ", "# a comment\n/* and another */\n")) {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                    () -> decode(blank, new LossinessLedger()));
            assertEquals("$", e.path());
            assertEquals("The ShExC document is empty.", e.getMessage());
        }
    }

    @Test
    void structureErrorsAreRefused() {
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                () -> decode("<http://e/S> { <http://e/p> @<http://e/T> }", new LossinessLedger()));
        assertEquals("the shape reference @http://e/T names no shape of the schema.", e.getMessage());
        assertThrows(SchemaSyntaxException.class,
                () -> decode("PREFIX : <http://e/>\n:S NOT { :a @:S }", new LossinessLedger()));
    }

    @Test
    void deepNestingFailsCleanly() {
        String deep = "<http://e/S> " + "(".repeat(5000) + "{ }" + ")".repeat(5000);
        SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class, () -> decode(deep,
                new LossinessLedger()));
        assertTrue(e.getMessage().contains("nesting deeper than"), e.getMessage());
    }

    @Test
    void multipleExtendsAndAbstractSurviveTheModel() throws Exception {
        String text = """
                BASE <http://a.example/>
                ABSTRACT <A> { <p> . }
                <B> { <q> LITERAL }
                <C> EXTENDS @<A> EXTENDS @<B> { <r> [1 2]{2,5} }
                """;
        SchemaModel m = decode(text, new LossinessLedger());
        assertTrue(m.type("A").orElseThrow().isAbstract());
        assertEquals(List.of("A", "B"), m.type("C").orElseThrow().supertypes());
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        assertTrue(out.startsWith("BASE <http://a.example/>"), out);
        ShexcReader reader = new ShexcReader();
        assertEquals("", ShexjEquivalence.difference(reader.read(text).shexj(), reader.read(out).shexj()), out);
        assertFalse(out.isBlank());
    }

    @Test
    void theOutputAlwaysReadsBackEvenWhenCarriedFactsAreBroken() throws Exception {
        TypeDef a = TypeDef.of("Book record", List.of(
                ElementDef.of("odd name", new DataType.TypeRef("Missing"), Cardinality.REQUIRED)
                        .toBuilder().mapsTo("http://example.org/has space").build(),
                ElementDef.of("x", DataType.of(PrimitiveKind.ANY), Cardinality.REQUIRED)
                        .toBuilder().annotations(Map.of("shex.valueExpr", "{\"type\":\"Bogus\"}")).build()))
                .toBuilder().supertypes(List.of("Nowhere")).build();
        TypeDef b = TypeDef.of("BookRecord", List.of());
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(SchemaModel.of("m", List.of(a, b), List.of()), CodecOptions.NONE, ledger);
        SchemaModel back = decode(out, new LossinessLedger());
        assertEquals(List.of("BookRecord", "BookRecord2"), back.types().stream().map(TypeDef::name).toList(), out);
        assertTrue(out.contains("<http://example.org/has%20space>"), out);
        List<String> paths = ledger.entries().stream().map(LossEntry::path).toList();
        assertTrue(paths.contains("$"), "the broken carried fact is ledgered: " + ledger.entries());
        assertTrue(paths.contains("/types/Book record/odd name"), paths.toString());
    }

    @Test
    void anEmptyModelIsWrittenAsADocumentThatReadsBack() throws Exception {
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(SchemaModel.of("nothing", List.of(), List.of()), CodecOptions.NONE, ledger);
        assertEquals("PREFIX cm: <" + ShexCodec.CM_NAMESPACE + ">\n\n", out);
        assertTrue(decode(out, new LossinessLedger()).types().isEmpty());
    }

    @Test
    void valueSetsReadNumbersStemsAndLanguages() throws Exception {
        String text = """
                PREFIX : <http://e.org/>
                :S { :p [.5 -1 2.0E3 true "x"@en-GB <http://e.org/v>~ - <http://e.org/v/no> @fr~ "ab"~] }
                """;
        com.fasterxml.jackson.databind.JsonNode values = new ShexcReader().read(text).shexj()
                .at("/shapes/0/shapeExpr/expression/valueExpr/values");
        assertEquals(8, values.size(), values.toString());
        assertEquals(".5", values.get(0).get("value").asText());
        assertEquals(ShexcParser.XSD + "decimal", values.get(0).get("type").asText());
        assertEquals(ShexcParser.XSD + "double", values.get(2).get("type").asText());
        assertEquals(ShexcParser.XSD + "boolean", values.get(3).get("type").asText());
        assertEquals("en-gb", values.get(4).get("language").asText());
        assertEquals("IriStemRange", values.get(5).get("type").asText());
        assertEquals("http://e.org/v/no", values.get(5).get("exclusions").get(0).asText());
        assertEquals("LanguageStem", values.get(6).get("type").asText());
        assertEquals("LiteralStem", values.get(7).get("type").asText());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = decode(text, ledger);
        assertEquals(List.of("/shapes/:S/:p"), ledger.entries().stream().map(LossEntry::path).toList(),
                "typed literals and stems are approximated in the taxonomy and ledgered");
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        assertEquals("", ShexjEquivalence.difference(new ShexcReader().read(text).shexj(),
                new ShexcReader().read(out).shexj()), out);
    }

    @Test
    void theShippedSampleDecodesWithoutLossAndRoundTrips() throws Exception {
        String sample;
        try (var in = ShexCodec.class.getResourceAsStream("/samples/shex.shex")) {
            sample = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel m = decode(sample, ledger);
        assertTrue(ledger.isEmpty(), ledger.entries().toString());
        assertEquals(List.of("Work", "Book", "Author"), m.types().stream().map(TypeDef::name).toList());
        assertEquals(1, m.taxonomies().size());
        String out = codec.encode(m, CodecOptions.NONE, new LossinessLedger());
        ShexcReader reader = new ShexcReader();
        assertEquals("", ShexjEquivalence.difference(reader.read(sample).shexj(), reader.read(out).shexj()), out);
    }

    @Test
    void aPatternWithClassEscapesIsNoLongerWrittenAsAnInvalidEscapeButReadsBack() throws Exception {
        TypeDef release = TypeDef.of("Release", List.of(
                ElementDef.of("version", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().pattern("^\\d+(\\.\\d+)*$")
                        .build()).build(),
                ElementDef.of("slug", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().pattern("^[\\w\\-]+\\S\\:$")
                        .build()).build(),
                ElementDef.of("word", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)
                        .toBuilder().constraints(io.modelgraph.schema.Constraints.builder().pattern("\\bend\\b")
                        .build()).build()));
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(SchemaModel.of("m", List.of(release), List.of()), CodecOptions.NONE, ledger);
        assertTrue(out.contains("/^[0-9]+(\\.[0-9]+)*$/"), out);
        assertTrue(out.contains("/^[A-Za-z0-9_\\-]+[^ \\t\\n\\r]:$/"), out);
        assertFalse(out.contains("\\b"), out);
        SchemaModel back = decode(out, new LossinessLedger());
        TypeDef read = back.type("Release").orElseThrow();
        assertEquals(Optional.of("^[0-9]+(\\.[0-9]+)*$"),
                read.element("version").orElseThrow().constraints().pattern());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().contains("version")
                && e.explanation().contains("[0-9]")), ledger.entries().toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.path().contains("word")
                && e.explanation().contains("left out")), ledger.entries().toString());
    }

    @Test
    void aRenamedModelIsNoLongerWrittenWithItsOldShapeNamesAndPredicates() throws Exception {
        SchemaModel read = decode(PEOPLE, new LossinessLedger());
        List<TypeDef> types = read.types().stream().map(t -> {
            List<ElementDef> elements = t.elements().stream().map(e -> {
                ElementDef renamed = e.name().equals("age") ? e.toBuilder().name("ageInYears").build() : e;
                return renamed.type() instanceof DataType.TypeRef r && r.typeName().equals("Person")
                        ? renamed.toBuilder().type(new DataType.TypeRef("Human")).build() : renamed;
            }).toList();
            TypeDef same = t.toBuilder().elements(elements).build();
            return t.name().equals("Person") ? same.toBuilder().name("Human").build() : same;
        }).toList();
        SchemaModel m = read.toBuilder().types(types).rootType("Human").build();
        LossinessLedger ledger = new LossinessLedger();
        String out = codec.encode(m, CodecOptions.NONE, ledger);
        assertTrue(out.contains("ex:HumanShape EXTENDS @ex:AgentShape"), out);
        assertTrue(out.contains("foaf:ageInYears xsd:integer"), out);
        assertFalse(out.contains("PersonShape"), out);
        assertFalse(out.contains("foaf:age "), out);
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("renamed from 'Person'")),
                ledger.entries().toString());
        assertTrue(ledger.entries().stream().anyMatch(e -> e.explanation().contains("renamed from 'age'")),
                ledger.entries().toString());
        SchemaModel back = decode(out, new LossinessLedger());
        assertTrue(back.type("Human").isPresent(), back.types().toString());
        assertTrue(back.type("Human").orElseThrow().element("ageInYears").isPresent());
    }

    @Test
    void referencesToARenamedShapeMappingsAndPredicateNamesAreLedgeredWhereTheyChange() throws Exception {
        // caffe's BlobShape (shape cm:BlobShape reads back as Blob), an OWL supertype with spaces, a LinkML slot
        // with a slot_uri (has_exact_synonym is oio:hasExactSynonym), a class_uri
        TypeDef blobShape = TypeDef.of("BlobShape", List.of(ElementDef.of("dim", DataType.of(PrimitiveKind.INTEGER),
                Cardinality.ANY_NUMBER)));
        TypeDef region = TypeDef.of("Local Region", List.of(ElementDef.of("code", DataType.of(PrimitiveKind.STRING),
                Cardinality.OPTIONAL))).toBuilder().mapsTo("http://example.org/Region").build();
        TypeDef town = TypeDef.of("Town", List.of(ElementDef.of("shape", new DataType.TypeRef("BlobShape"),
                Cardinality.OPTIONAL), ElementDef.of("has_exact_synonym", DataType.of(PrimitiveKind.STRING),
                Cardinality.OPTIONAL).toBuilder().mapsTo("http://www.geneontology.org/formats/oboInOwl#"
                + "hasExactSynonym").build())).toBuilder().supertypes(List.of("Local Region")).build();
        SchemaModel m = SchemaModel.of("m", List.of(blobShape, region, town), List.of());
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel back = codec.decode(codec.encode(m, CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
        List<io.modelgraph.schema.ModelDiff.Difference> diffs = io.modelgraph.schema.ModelDiff.between(m, back);
        assertTrue(diffs.stream().anyMatch(d -> d.toString().startsWith("Town.shape: type")), diffs.toString());
        assertTrue(diffs.stream().anyMatch(d -> d.toString().startsWith("Town: supertypes")), diffs.toString());
        assertTrue(diffs.stream().anyMatch(d -> d.toString().startsWith("Town.has_exact_synonym: element missing")),
                diffs.toString());
        assertEquals(List.of(), io.modelgraph.schema.ModelDiff.unexplained(diffs, ledger.entries()));
    }
}
