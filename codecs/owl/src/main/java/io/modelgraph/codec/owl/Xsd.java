package io.modelgraph.codec.owl;

import io.modelgraph.schema.DataType;
import io.modelgraph.schema.PrimitiveKind;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.rdf4j.model.IRI;

/** XSD and RDF data types as the model's scalars; the {@code xsd:} spelling is kept as the native name. */
final class Xsd {
    static final String NS = "http://www.w3.org/2001/XMLSchema#";
    static final Map<String, String> WELL_KNOWN = Map.of("xsd", NS, "rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
            "rdfs", "http://www.w3.org/2000/01/rdf-schema#", "owl", "http://www.w3.org/2002/07/owl#");
    private static final Map<String, PrimitiveKind> READ = new LinkedHashMap<>();
    private static final Map<PrimitiveKind, String> WRITE = new LinkedHashMap<>();

    static {
        WRITE.put(PrimitiveKind.STRING, "string");
        WRITE.put(PrimitiveKind.INTEGER, "integer");
        WRITE.put(PrimitiveKind.NUMBER, "double");
        WRITE.put(PrimitiveKind.DECIMAL, "decimal");
        WRITE.put(PrimitiveKind.BOOLEAN, "boolean");
        WRITE.put(PrimitiveKind.DATE, "date");
        WRITE.put(PrimitiveKind.DATETIME, "dateTime");
        WRITE.put(PrimitiveKind.TIME, "time");
        WRITE.put(PrimitiveKind.DURATION, "duration");
        WRITE.put(PrimitiveKind.BINARY, "base64Binary");
        WRITE.put(PrimitiveKind.URI, "anyURI");
        WRITE.forEach((k, v) -> READ.put(v, k));
        for (String i : new String[] {"int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
                "negativeInteger", "nonPositiveInteger", "unsignedInt", "unsignedLong", "unsignedShort",
                "unsignedByte"}) {
            READ.put(i, PrimitiveKind.INTEGER);
        }
        READ.put("float", PrimitiveKind.NUMBER);
        READ.put("hexBinary", PrimitiveKind.BINARY);
        READ.put("dateTimeStamp", PrimitiveKind.DATETIME);
        for (String s : new String[] {"normalizedString", "token", "language", "Name", "NCName", "NMTOKEN",
                "gYear", "gYearMonth", "gMonth", "gMonthDay", "gDay"}) {
            READ.put(s, PrimitiveKind.STRING);
        }
    }

    /** An XSD type (or rdfs:Literal / rdf:langString / rdf:PlainLiteral) as a scalar, its spelling kept. */
    static Optional<DataType> read(IRI iri) {
        String s = iri.stringValue();
        if (s.startsWith(NS)) {
            String local = s.substring(NS.length());
            PrimitiveKind k = READ.get(local);
            return k == null ? Optional.empty() : Optional.of(new DataType.Primitive(k, Optional.of("xsd:" + local)));
        }
        return switch (s) {
            case "http://www.w3.org/2000/01/rdf-schema#Literal" ->
                    Optional.of(new DataType.Primitive(PrimitiveKind.ANY, Optional.of("rdfs:Literal")));
            case "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString",
                    "http://www.w3.org/1999/02/22-rdf-syntax-ns#PlainLiteral" ->
                    Optional.of(new DataType.Primitive(PrimitiveKind.STRING, Optional.of("rdf:" + s.substring(
                            s.indexOf('#') + 1))));
            default -> Optional.empty();
        };
    }

    /** The IRI a scalar is written as: its own spelling when it is one of ours, else the kind's XSD type. */
    static String write(DataType.Primitive p) {
        if (p.nativeName().isPresent()) {
            String n = p.nativeName().get();
            int colon = n.indexOf(':');
            if (colon > 0 && WELL_KNOWN.containsKey(n.substring(0, colon))) {
                return WELL_KNOWN.get(n.substring(0, colon)) + n.substring(colon + 1);
            }
        }
        if (p.kind() == PrimitiveKind.ANY) {
            return WELL_KNOWN.get("rdfs") + "Literal";
        }
        return NS + WRITE.getOrDefault(p.kind(), "string");
    }

    static boolean exact(DataType.Primitive p) {
        if (p.nativeName().isEmpty()) {
            return p.kind() != PrimitiveKind.UUID;
        }
        String n = p.nativeName().get();
        int colon = n.indexOf(':');
        return colon > 0 && WELL_KNOWN.containsKey(n.substring(0, colon));
    }

    private Xsd() {
    }
}
