package io.modelgraph.codec.owl;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.LinearTime;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * OWL in Turtle and RDF/XML, doubled, costs linear time: a long subclass chain, many properties of one class, a long
 * literal; and the encoder, on a model of many records, each with required, optional and repeated fields, references
 * and an enumeration (the shape of a large Avro schema of nested records, whose OWL took minutes).
 */
class OwlLinearTimeTest {
    private static final String TURTLE = "@prefix : <https://example.org/o#> .\n"
            + "@prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
            + "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
            + "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
            + "<https://example.org/o> a owl:Ontology .\n:C0 a owl:Class .\n";
    private static final String XML_HEAD = "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/"
            + "22-rdf-syntax-ns#\" xmlns:rdfs=\"http://www.w3.org/2000/01/rdf-schema#\" xmlns:owl=\"http://www.w3.org/"
            + "2002/07/owl#\" xml:base=\"https://example.org/o\">\n<owl:Ontology rdf:about=\"\"/>\n"
            + "<owl:Class rdf:about=\"#C0\"/>\n";
    private final OwlCodec codec = new OwlCodec();

    private void decode(String text) throws Exception {
        codec.decode(text, CodecOptions.NONE, new LossinessLedger());
    }

    @Test
    void subclassChainInTurtle() {
        LinearTime.assertLinear("Turtle subclass chain", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder(TURTLE);
            for (int i = 1; i < n; i++) {
                b.append(":C").append(i).append(" a owl:Class ; rdfs:subClassOf :C").append(i - 1).append(" .\n");
            }
            return b.toString();
        }, this::decode);
    }

    @Test
    void manyPropertiesInTurtle() {
        LinearTime.assertLinear("Turtle properties", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder(TURTLE);
            for (int i = 0; i < n; i++) {
                b.append(":p").append(i).append(" a owl:DatatypeProperty ; rdfs:domain :C0 ; rdfs:range xsd:string .\n");
            }
            return b.toString();
        }, this::decode);
    }

    @Test
    void longLiteralInTurtle() {
        LinearTime.assertLinear("Turtle literal", 100_000, 3, n -> TURTLE + ":C0 rdfs:comment \"" + "a\\\\ ".repeat(n)
                + "\" .\n", this::decode);
    }

    @Test
    void subclassChainAndPropertiesInRdfXml() {
        LinearTime.assertLinear("RDF/XML subclass chain", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder(XML_HEAD);
            for (int i = 1; i < n; i++) {
                b.append("<owl:Class rdf:about=\"#C").append(i).append("\"><rdfs:subClassOf rdf:resource=\"#C")
                        .append(i - 1).append("\"/></owl:Class>\n");
            }
            return b.append("</rdf:RDF>\n").toString();
        }, this::decode);
        LinearTime.assertLinear("RDF/XML properties", 2_000, 3, n -> {
            StringBuilder b = new StringBuilder(XML_HEAD);
            for (int i = 0; i < n; i++) {
                b.append("<owl:DatatypeProperty rdf:about=\"#p").append(i).append("\"><rdfs:domain rdf:resource=")
                        .append("\"#C0\"/></owl:DatatypeProperty>\n");
            }
            return b.append("</rdf:RDF>\n").toString();
        }, this::decode);
    }

    @Test
    void encodingManyRecordsWithRestrictionsAndEnumerations() {
        // the input lists the record names; the model built from it is what is encoded
        LinearTime.assertLinear("OWL encoding of records", 250, 3, n -> {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < n; i++) {
                b.append("Record").append(i).append('\n');
            }
            return b.toString();
        }, names -> codec.encode(records(names.split("\n")), CodecOptions.NONE, new LossinessLedger()));
    }

    private static SchemaModel records(String[] names) {
        List<TypeDef> types = new ArrayList<>();
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            String next = names[(i + 1) % names.length];
            taxonomies.add(TaxonomyDef.of(names[i] + "Kind", List.of(Term.of("A"), Term.of("B"), Term.of("C"))));
            types.add(TypeDef.of(names[i], List.of(
                    ElementDef.of("id", DataType.of(PrimitiveKind.INTEGER), Cardinality.REQUIRED),
                    ElementDef.of("name" + i, DataType.of(PrimitiveKind.STRING), Cardinality.OPTIONAL),
                    ElementDef.of("tags" + i, DataType.of(PrimitiveKind.STRING), Cardinality.ANY_NUMBER),
                    ElementDef.of("next" + i, new DataType.TypeRef(next), Cardinality.AT_LEAST_ONE),
                    ElementDef.of("kind" + i, new DataType.TaxonomyRef(names[i] + "Kind"), Cardinality.OPTIONAL))));
        }
        return SchemaModel.of("records", types, taxonomies);
    }

    /** Blank nodes and collections nested far deep in Turtle, and elements nested far deep in RDF/XML. */
    @Test
    void deepNesting() {
        LinearTime.assertLinear("Turtle blank nodes", 12_500, 3, n -> TURTLE + ":C0 rdfs:seeAlso "
                + "[ rdfs:seeAlso ".repeat(n) + ":C0" + " ]".repeat(n) + " .\n", this::decode);
        LinearTime.assertLinear("Turtle collections", 12_500, 3, n -> TURTLE + ":C0 rdfs:seeAlso "
                + "( ".repeat(n) + ")".repeat(n) + " .\n", this::decode);
        LinearTime.assertLinear("RDF/XML depth", 6_000, 3, n -> XML_HEAD + "<rdf:Description rdf:about=\"#C0\">"
                + "<rdfs:seeAlso><rdf:Description>".repeat(n) + "</rdf:Description></rdfs:seeAlso>".repeat(n)
                + "</rdf:Description>\n</rdf:RDF>\n", this::decode);
    }
}
