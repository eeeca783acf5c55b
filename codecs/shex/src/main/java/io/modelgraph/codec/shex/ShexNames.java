package io.modelgraph.codec.shex;

import io.modelgraph.schema.PrimitiveKind;
import java.util.Locale;
import java.util.Map;

/** Names between ShEx labels and model names, and XSD datatypes to the model's scalar kinds. */
final class ShexNames {
    static final String SHAPE = "Shape";
    private static final Map<String, PrimitiveKind> KINDS = Map.ofEntries(
            Map.entry("string", PrimitiveKind.STRING), Map.entry("normalizedString", PrimitiveKind.STRING),
            Map.entry("token", PrimitiveKind.STRING), Map.entry("language", PrimitiveKind.STRING),
            Map.entry("integer", PrimitiveKind.INTEGER), Map.entry("int", PrimitiveKind.INTEGER),
            Map.entry("long", PrimitiveKind.INTEGER), Map.entry("short", PrimitiveKind.INTEGER),
            Map.entry("byte", PrimitiveKind.INTEGER), Map.entry("nonNegativeInteger", PrimitiveKind.INTEGER),
            Map.entry("positiveInteger", PrimitiveKind.INTEGER), Map.entry("negativeInteger", PrimitiveKind.INTEGER),
            Map.entry("nonPositiveInteger", PrimitiveKind.INTEGER), Map.entry("unsignedLong", PrimitiveKind.INTEGER),
            Map.entry("unsignedInt", PrimitiveKind.INTEGER), Map.entry("unsignedShort", PrimitiveKind.INTEGER),
            Map.entry("unsignedByte", PrimitiveKind.INTEGER), Map.entry("decimal", PrimitiveKind.DECIMAL),
            Map.entry("double", PrimitiveKind.NUMBER), Map.entry("float", PrimitiveKind.NUMBER),
            Map.entry("boolean", PrimitiveKind.BOOLEAN), Map.entry("date", PrimitiveKind.DATE),
            Map.entry("dateTime", PrimitiveKind.DATETIME), Map.entry("dateTimeStamp", PrimitiveKind.DATETIME),
            Map.entry("time", PrimitiveKind.TIME), Map.entry("duration", PrimitiveKind.DURATION),
            Map.entry("base64Binary", PrimitiveKind.BINARY), Map.entry("hexBinary", PrimitiveKind.BINARY),
            Map.entry("anyURI", PrimitiveKind.URI));

    /** The model's kind for a datatype IRI; datatypes outside XSD read as strings (their IRI stays the native name). */
    static PrimitiveKind kindOf(String datatypeIri) {
        if (datatypeIri.startsWith(ShexcParser.XSD)) {
            return KINDS.getOrDefault(datatypeIri.substring(ShexcParser.XSD.length()), PrimitiveKind.STRING);
        }
        return PrimitiveKind.STRING;
    }

    /** The XSD local name the encoder writes for a kind (URI is written as a node kind, ANY as '.'). */
    static String xsdFor(PrimitiveKind kind) {
        return switch (kind) {
            case STRING, UUID -> "string";
            case INTEGER -> "integer";
            case NUMBER -> "double";
            case DECIMAL -> "decimal";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case DATETIME -> "dateTime";
            case TIME -> "time";
            case DURATION -> "duration";
            case BINARY -> "base64Binary";
            case URI -> "anyURI";
            case ANY -> "";
        };
    }

    /** The local part of an IRI or blank node label: after the last '#', '/' or ':'. */
    static String local(String iri) {
        int cut = Math.max(iri.lastIndexOf('#'), Math.max(iri.lastIndexOf('/'), iri.lastIndexOf(':')));
        String local = cut >= 0 ? iri.substring(cut + 1) : iri;
        return local.isEmpty() ? "value" : local;
    }

    /** A type name for a shape label (rule 9): its local part, {@code <Name>Shape} read as {@code <Name>}. */
    static String typeName(String label) {
        String local = local(label);
        if (local.length() > SHAPE.length() && local.endsWith(SHAPE)) {
            return local.substring(0, local.length() - SHAPE.length());
        }
        return local;
    }

    /** {@code first_name} and {@code first name} become {@code FirstName}. */
    static String pascal(String name) {
        StringBuilder sb = new StringBuilder();
        boolean upper = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isLetterOrDigit(c) && c < 0x80) {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        if (sb.length() == 0 || Character.isDigit(sb.charAt(0))) {
            sb.insert(0, 'T');
        }
        return sb.toString();
    }

    /** {@code First Name} becomes {@code firstName}: the local name of an unmapped element's cm: predicate. */
    static String camel(String name) {
        String p = pascal(name);
        return p.substring(0, 1).toLowerCase(Locale.ROOT) + p.substring(1);
    }

    private ShexNames() {
    }
}
