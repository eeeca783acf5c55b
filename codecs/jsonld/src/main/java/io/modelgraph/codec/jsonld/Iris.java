package io.modelgraph.codec.jsonld;

import io.modelgraph.schema.Curies;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.PrimitiveKind;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** IRIs of model parts and data types, and compact-IRI handling against a profile's prefixes. */
final class Iris {
    static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    static final String RDFS = "http://www.w3.org/2000/01/rdf-schema#";
    static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    static final String SCHEMA = "https://schema.org/";
    static final String RDFS_CLASS = RDFS + "Class";
    static final String RDF_PROPERTY = RDF + "Property";
    /** exportJsonLd writes rdfs:Property; RDFS defines no such class, so it is read as a synonym of rdf:Property. */
    static final String RDFS_PROPERTY = RDFS + "Property";
    static final String RDFS_DATATYPE = RDFS + "Datatype";
    static final String SCHEMA_DATATYPE = SCHEMA + "DataType";
    static final String OWL_ONTOLOGY = "http://www.w3.org/2002/07/owl#Ontology";
    static final String SERVICE_SPACE = JsonLdVocabulary.MG_NS + "serviceSpace";

    /** Each primitive kind's IRI on export; the reverse map also reads schema.org's data types. */
    private static final Map<PrimitiveKind, String> WRITE = new LinkedHashMap<>();
    private static final Map<String, PrimitiveKind> READ = new LinkedHashMap<>();

    static {
        WRITE.put(PrimitiveKind.STRING, XSD + "string");
        WRITE.put(PrimitiveKind.INTEGER, XSD + "integer");
        WRITE.put(PrimitiveKind.NUMBER, XSD + "double");
        WRITE.put(PrimitiveKind.DECIMAL, XSD + "decimal");
        WRITE.put(PrimitiveKind.BOOLEAN, XSD + "boolean");
        WRITE.put(PrimitiveKind.DATE, XSD + "date");
        WRITE.put(PrimitiveKind.DATETIME, XSD + "dateTime");
        WRITE.put(PrimitiveKind.TIME, XSD + "time");
        WRITE.put(PrimitiveKind.DURATION, XSD + "duration");
        WRITE.put(PrimitiveKind.BINARY, XSD + "base64Binary");
        WRITE.put(PrimitiveKind.URI, XSD + "anyURI");
        WRITE.put(PrimitiveKind.UUID, JsonLdVocabulary.MG_NS + "UUID");
        WRITE.put(PrimitiveKind.ANY, RDFS + "Resource");
        WRITE.forEach((k, v) -> READ.put(v, k));
        READ.put(RDFS + "Literal", PrimitiveKind.ANY);
        READ.put(XSD + "int", PrimitiveKind.INTEGER);
        READ.put(XSD + "long", PrimitiveKind.INTEGER);
        READ.put(XSD + "float", PrimitiveKind.NUMBER);
        READ.put(XSD + "hexBinary", PrimitiveKind.BINARY);
        READ.put(SCHEMA + "Text", PrimitiveKind.STRING);
        READ.put(SCHEMA + "Integer", PrimitiveKind.INTEGER);
        READ.put(SCHEMA + "Number", PrimitiveKind.NUMBER);
        READ.put(SCHEMA + "Float", PrimitiveKind.NUMBER);
        READ.put(SCHEMA + "Boolean", PrimitiveKind.BOOLEAN);
        READ.put(SCHEMA + "Date", PrimitiveKind.DATE);
        READ.put(SCHEMA + "DateTime", PrimitiveKind.DATETIME);
        READ.put(SCHEMA + "Time", PrimitiveKind.TIME);
        READ.put(SCHEMA + "Duration", PrimitiveKind.DURATION);
        READ.put(SCHEMA + "URL", PrimitiveKind.URI);
    }

    static String primitive(PrimitiveKind kind) {
        return WRITE.get(kind);
    }

    static Optional<DataType> readPrimitive(String iri) {
        return Optional.ofNullable(READ.get(iri)).map(DataType::of);
    }

    /** {@code model:<name>} with the name percent-encoded, so any label makes a valid IRI. */
    static String model(String name) {
        return JsonLdVocabulary.MODEL_NS + encode(name);
    }

    static String term(String taxonomy, String code) {
        return JsonLdVocabulary.MODEL_NS + encode(taxonomy) + "/" + encode(code);
    }

    static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The last segment of an IRI (after '#', '/' or ':'), percent-decoded: a name when the file gives no label. */
    static String localName(String iri) {
        int cut = Math.max(iri.lastIndexOf('#'), Math.max(iri.lastIndexOf('/'), iri.lastIndexOf(':')));
        String local = cut >= 0 && cut < iri.length() - 1 ? iri.substring(cut + 1) : iri;
        try {
            return URLDecoder.decode(local.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return local;
        }
    }

    /** An IRI without its last segment (up to and including the last '#', '/' or ':'). */
    static String namespace(String iri) {
        int cut = Math.max(iri.lastIndexOf('#'), Math.max(iri.lastIndexOf('/'), iri.lastIndexOf(':')));
        return cut >= 0 ? iri.substring(0, cut + 1) : "";
    }

    /** Expands a compact IRI with the prefixes; absolute IRIs are returned as they are. */
    static String expand(String text, Map<String, String> prefixes) {
        return Curies.expand(text, prefixes);
    }

    /** Compacts an absolute IRI with the longest matching prefix, for output and messages. */
    static String compact(String iri, Map<String, String> prefixes) {
        return Curies.compact(iri, prefixes);
    }

    private Iris() {
    }
}
