package io.modelgraph.codec.shex;

import java.util.Set;

/** The XML Schema datatypes ShEx numeric facets apply to. */
final class XsdTypes {
    private static final Set<String> NUMERIC = Set.of("integer", "decimal", "float", "double", "nonPositiveInteger",
            "negativeInteger", "long", "int", "short", "byte", "nonNegativeInteger", "unsignedLong", "unsignedInt",
            "unsignedShort", "unsignedByte", "positiveInteger");

    static boolean isNumeric(String datatypeIri) {
        return datatypeIri.startsWith(ShexcParser.XSD)
                && NUMERIC.contains(datatypeIri.substring(ShexcParser.XSD.length()));
    }

    private XsdTypes() {
    }
}
