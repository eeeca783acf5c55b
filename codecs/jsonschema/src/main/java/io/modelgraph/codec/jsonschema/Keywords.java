package io.modelgraph.codec.jsonschema;

import io.modelgraph.ledger.LossKind;
import java.util.Map;

/**
 * The 2020-12 keywords this codec does not carry, each with the ledger kind and the reason written when one
 * is met. Anything not listed here and not consumed by the decoder is reported as an unknown keyword.
 */
final class Keywords {
    static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    private record Why(LossKind kind, String explanation) {
    }

    private static final Map<String, Why> UNCARRIED = Map.ofEntries(
            drop("not", "negated schemas have no counterpart in the model"),
            drop("if", "conditional schemas (if/then/else) have no counterpart in the model"),
            drop("then", "conditional schemas (if/then/else) have no counterpart in the model"),
            drop("else", "conditional schemas (if/then/else) have no counterpart in the model"),
            drop("patternProperties", "properties matched by name pattern have no counterpart in the model"),
            drop("propertyNames", "constraints on property names have no counterpart in the model"),
            drop("dependentSchemas", "schemas that apply when a property is present have no counterpart"),
            drop("prefixItems", "positional (tuple) items have no counterpart in the model"),
            drop("contains", "'contains' has no counterpart in the model"),
            drop("unevaluatedProperties", "'unevaluatedProperties' has no counterpart in the model"),
            drop("unevaluatedItems", "'unevaluatedItems' has no counterpart in the model"),
            drop("$dynamicRef", "dynamic references are not resolved; the value is read as any"),
            drop("$dynamicAnchor", "dynamic anchors are not carried"),
            drop("$recursiveRef", "recursive references (2019-09) are not resolved"),
            drop("$recursiveAnchor", "recursive anchors (2019-09) are not carried"),
            drop("$vocabulary", "vocabulary declarations are not carried; output always uses the 2020-12 dialect"),
            drop("$id", "an embedded resource identifier is not carried; references through it are not resolved"),
            drop("$defs", "definitions nested below the document root are not carried"),
            drop("definitions", "definitions nested below the document root are not carried"),
            drop("contentMediaType", "content media types have no counterpart in the model"),
            drop("contentSchema", "content schemas have no counterpart in the model"),
            drop("dependencies", "'dependencies' (draft 7) has no counterpart in the model"),
            relax("enum", "an enum whose values are not all strings is not carried; only string enums become taxonomies"),
            relax("minProperties", "property-count bounds are not carried"),
            relax("maxProperties", "property-count bounds are not carried"),
            relax("dependentRequired", "properties required together are not carried"),
            relax("minContains", "'minContains' is not carried"),
            relax("maxContains", "'maxContains' is not carried"));

    private static Map.Entry<String, Why> drop(String k, String why) {
        return Map.entry(k, new Why(LossKind.StructuralDrop, why));
    }

    private static Map.Entry<String, Why> relax(String k, String why) {
        return Map.entry(k, new Why(LossKind.ConstraintRelaxation, why));
    }

    /**
     * Keywords never kept verbatim: identifiers nested below the root change the base URI other references
     * resolve against; dialect declarations belong to the document. Nested {@code $defs} are kept: the part they
     * sit in keeps its name under the root {@code $defs}, so pointers into them still resolve.
     */
    private static final java.util.Set<String> NOT_VERBATIM = java.util.Set.of("$id", "definitions",
            "$schema", "$vocabulary");

    /** Whether an untaken keyword may be kept verbatim on its model part (see {@link SchemaView#finish}). */
    static boolean keepsVerbatim(String keyword) {
        return !NOT_VERBATIM.contains(keyword);
    }

    static LossKind kindOf(String keyword) {
        Why why = UNCARRIED.get(keyword);
        return why == null ? LossKind.StructuralDrop : why.kind();
    }

    static String explain(String keyword) {
        Why why = UNCARRIED.get(keyword);
        return why == null ? "keyword '" + keyword + "' is not carried at this position" : why.explanation();
    }

    private Keywords() {
    }
}
